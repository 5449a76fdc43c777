import CZXingShim
