#pragma once
// A C API over dlib's HOG frontal face detector (Debian libdlib-dev), written in C++ (dlib_shim.cpp).
//
// Ownership: papers_dlib_detector_create allocates a detector that the caller releases with
// papers_dlib_detector_free. A detector is NOT safe to use from two threads at once (dlib keeps
// scratch buffers in it); different detectors are independent. No function throws: every C++
// exception is caught inside and reported as a status.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The layout of one input pixel.
typedef enum {
    PAPERS_DLIB_PIXELS_GRAY = 1, ///< one byte of luminance
    PAPERS_DLIB_PIXELS_RGB = 3,  ///< red, green, blue
    PAPERS_DLIB_PIXELS_RGBA = 4, ///< red, green, blue, alpha (alpha ignored)
} papers_dlib_pixel_format;

/// What the functions report.
typedef enum {
    PAPERS_DLIB_OK = 0,
    PAPERS_DLIB_INVALID_ARGUMENT = 1, ///< null pointer, empty or inconsistent sizes
    PAPERS_DLIB_OUT_OF_MEMORY = 2,
    PAPERS_DLIB_INTERNAL_ERROR = 3,   ///< dlib threw
} papers_dlib_status;

/// One detection, in input pixels.
typedef struct {
    double left;   ///< x of the box's left edge
    double top;    ///< y of the box's top edge
    double width;  ///< box width
    double height; ///< box height
    double score;  ///< dlib's detection confidence (SVM margin; 0 is the default threshold)
    int pose;      ///< which of dlib's five HOG filters fired (0 frontal, 1-4 turned/tilted variants)
} papers_dlib_face;

/// A frontal face detector (opaque).
typedef struct papers_dlib_detector papers_dlib_detector;

/// Creates a frontal face detector (dlib's model is compiled into libdlib; no file is read).
/// The first call in a process builds the model (about 0.5 s); later calls copy it (about 0.2 ms).
/// On PAPERS_DLIB_OK `*detector` holds the new detector; otherwise it is set to NULL.
papers_dlib_status papers_dlib_detector_create(papers_dlib_detector **detector);

/// Releases a detector; NULL is ignored.
void papers_dlib_detector_free(papers_dlib_detector *detector);

/// Finds faces in an 8-bit image of `width` x `height` pixels whose rows are `row_stride` bytes
/// apart; `byte_count` bytes are readable at `pixels`. Colour is converted to gray. The image is
/// first enlarged `upsample` times by dlib's pyramid_up (each step doubles the size: dlib finds
/// faces of about 80x80 pixels and up, so one step finds them from about 40x40), 0 to 2.
/// Detections scoring at least `adjust_threshold` are kept (0 is dlib's default; lower finds more).
/// Writes at most `capacity` faces, strongest first, to `faces` (may be NULL when capacity is 0)
/// and sets `*count` to the number found, which may exceed `capacity`.
papers_dlib_status papers_dlib_detect(papers_dlib_detector *detector, const uint8_t *pixels, size_t byte_count,
                                      int width, int height, int row_stride, papers_dlib_pixel_format format,
                                      int upsample, double adjust_threshold,
                                      papers_dlib_face *faces, int capacity, int *count);

#ifdef __cplusplus
}
#endif
