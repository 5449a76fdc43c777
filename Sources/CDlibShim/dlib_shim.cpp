#include "dlib_shim.h"
extern "C" int papers_dlib_placeholder(void) { return 0; }
