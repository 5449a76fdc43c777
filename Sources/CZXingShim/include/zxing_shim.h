#pragma once
// C API over zxing-cpp (filled in by the barcode work).
#ifdef __cplusplus
extern "C" {
#endif
int papers_zxing_placeholder(void);
#ifdef __cplusplus
}
#endif
