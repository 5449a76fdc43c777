#pragma once
// C API over dlib's face detector (filled in by the face work).
#ifdef __cplusplus
extern "C" {
#endif
int papers_dlib_placeholder(void);
#ifdef __cplusplus
}
#endif
