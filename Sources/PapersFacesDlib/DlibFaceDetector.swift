import CDlibShim
