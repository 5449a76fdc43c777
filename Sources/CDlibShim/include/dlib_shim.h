#pragma once
// A C API over dlib (Debian libdlib-dev), written in C++ (dlib_shim.cpp): the HOG frontal face
// detector, the shape predictors that place 5 or 68 landmarks on a face, the face alignment dlib's
// descriptor expects, and dlib's 128-D ResNet face descriptor.
//
// Ownership: papers_dlib_detector_create allocates a detector that the caller releases with
// papers_dlib_detector_free. A detector is NOT safe to use from two threads at once (dlib keeps
// scratch buffers in it); different detectors are independent. Shape predictors and descriptor
// networks are loaded once per process and file, are never released, and are safe to use from any
// number of threads at once. No function throws: every C++ exception is caught inside and reported
// as a status.

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
    PAPERS_DLIB_MODEL_MISSING = 4,    ///< the model file cannot be opened
    PAPERS_DLIB_MODEL_CORRUPT = 5,    ///< the model file is not the model dlib expects
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

/// Names an existing directory where the detector's model is cached between processes (NULL or ""
/// for none), in a file named after the dlib release. The model is compiled into libdlib as
/// compressed text that takes about 0.4 s to decompress; the first detector built in a process
/// reads the decompressed model (155 kB) from the cache instead (about 7 ms), or writes it there
/// after decompressing it. Takes effect only before that first build.
void papers_dlib_detector_set_cache_directory(const char *directory);

/// Creates a frontal face detector (dlib's model is compiled into libdlib; no file is needed).
/// The first call in a process builds the model (about 0.4 s, or 7 ms from the cache); later calls
/// copy it (about 0.2 ms).
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

/// A shape predictor loaded from a file (opaque; lives as long as the process).
typedef struct papers_dlib_shape_predictor papers_dlib_shape_predictor;

/// dlib's face descriptor network, dlib_face_recognition_resnet_model_v1 (opaque; lives as long as
/// the process).
typedef struct papers_dlib_face_net papers_dlib_face_net;

/// The length of a face descriptor.
#define PAPERS_DLIB_DESCRIPTOR_LENGTH 128

/// The side of the aligned face chip the descriptor is computed on, in pixels.
#define PAPERS_DLIB_CHIP_SIZE 150

/// Loads the shape predictor in the file at `path` (e.g. shape_predictor_68_face_landmarks.dat),
/// or returns the one already loaded from that path. Sets `*predictor` on PAPERS_DLIB_OK, NULL
/// otherwise. PAPERS_DLIB_MODEL_MISSING when the file cannot be opened, PAPERS_DLIB_MODEL_CORRUPT
/// when it does not hold a shape predictor.
papers_dlib_status papers_dlib_shape_predictor_load(const char *path, const papers_dlib_shape_predictor **predictor);

/// The number of landmarks the predictor places (5 or 68 for dlib's face models).
int papers_dlib_shape_predictor_points(const papers_dlib_shape_predictor *predictor);

/// Loads dlib's face descriptor network from the file at `path`
/// (dlib_face_recognition_resnet_model_v1.dat), or returns the one already loaded from that path.
/// Sets `*net` on PAPERS_DLIB_OK, NULL otherwise; the statuses are those of the predictor loader.
papers_dlib_status papers_dlib_face_net_load(const char *path, const papers_dlib_face_net **net);

/// Places the predictor's landmarks on the face in `box` (left, top, width, height in input
/// pixels; a box from papers_dlib_detect) of an 8-bit image laid out as for papers_dlib_detect.
/// Writes x, y pairs to `points`, which has room for `capacity` points, and sets `*count` to the
/// number of landmarks (PAPERS_DLIB_INVALID_ARGUMENT when `capacity` is below it).
papers_dlib_status papers_dlib_landmarks(const papers_dlib_shape_predictor *predictor, const uint8_t *pixels,
                                         size_t byte_count, int width, int height, int row_stride,
                                         papers_dlib_pixel_format format, const double box[4],
                                         double *points, int capacity, int *count);

/// Cuts the face whose `point_count` landmarks (x, y pairs; 5 or 68 as dlib's predictors place
/// them) are at `points` out of the image, aligned as dlib's descriptor expects: dlib's
/// get_face_chip_details(shape, size, padding) and extract_image_chip with bilinear sampling.
/// Writes `size` x `size` RGB pixels (3 bytes each, rows packed) to `chip`, which has room for
/// `chip_capacity` bytes. The descriptor uses size 150 and padding 0.25.
papers_dlib_status papers_dlib_face_chip(const uint8_t *pixels, size_t byte_count, int width, int height,
                                         int row_stride, papers_dlib_pixel_format format,
                                         const double *points, int point_count, int size, double padding,
                                         uint8_t *chip, size_t chip_capacity);

/// dlib's 128-D descriptor of an aligned 150 x 150 RGB face chip (as papers_dlib_face_chip makes
/// it with size 150 and padding 0.25; 3 bytes a pixel, rows packed, `chip_byte_count` bytes).
/// Writes PAPERS_DLIB_DESCRIPTOR_LENGTH floats to `descriptor`. Two faces whose descriptors lie
/// less than 0.6 apart (Euclidean) are the same person by dlib's published threshold.
papers_dlib_status papers_dlib_face_descriptor(const papers_dlib_face_net *net, const uint8_t *chip,
                                               size_t chip_byte_count, float *descriptor);

#ifdef __cplusplus
}
#endif
