#include "zxing_shim.h"
extern "C" int papers_zxing_placeholder(void) { return 0; }
