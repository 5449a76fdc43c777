#pragma once
// A C API over zxing-cpp 1.4 (Debian libzxing-dev), written in C++ (zxing_shim.cpp).
//
// Ownership: papers_zxing_read allocates a results handle that the caller releases with
// papers_zxing_results_free. Byte pointers returned by the accessors stay valid until then.
// No function throws: every C++ exception is caught inside and reported as a status.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The layout of one input pixel.
typedef enum {
    PAPERS_ZXING_PIXELS_GRAY = 1, ///< one byte of luminance
    PAPERS_ZXING_PIXELS_RGB = 3,  ///< red, green, blue
    PAPERS_ZXING_PIXELS_RGBA = 4, ///< red, green, blue, alpha (alpha ignored)
} papers_zxing_pixel_format;

/// Symbologies, as a bit mask.
enum {
    PAPERS_ZXING_FORMAT_PDF417 = 1u << 0,
    PAPERS_ZXING_FORMAT_QR_CODE = 1u << 1,
};

/// The grey-to-black-and-white conversion zxing uses.
typedef enum {
    PAPERS_ZXING_BINARIZER_LOCAL_AVERAGE = 0,    ///< zxing's default (hybrid) binarizer
    PAPERS_ZXING_BINARIZER_GLOBAL_HISTOGRAM = 1, ///< one threshold per line from the histogram valley
    PAPERS_ZXING_BINARIZER_FIXED_THRESHOLD = 2,  ///< threshold 127
} papers_zxing_binarizer;

/// What papers_zxing_read reports.
typedef enum {
    PAPERS_ZXING_OK = 0,
    PAPERS_ZXING_INVALID_ARGUMENT = 1, ///< null pointer, empty or inconsistent sizes, unknown option
    PAPERS_ZXING_OUT_OF_MEMORY = 2,
    PAPERS_ZXING_INTERNAL_ERROR = 3,   ///< zxing-cpp threw
} papers_zxing_status;

/// Decoding options. Fill with papers_zxing_options_init, then change what you need.
typedef struct {
    uint32_t formats;   ///< PAPERS_ZXING_FORMAT_* mask; must not be 0
    int try_harder;     ///< nonzero: zxing's tryHarder (more scan lines, slower)
    int try_rotate;     ///< nonzero: also try 90/180/270 degrees
    int try_downscale;  ///< nonzero: also try zxing's internal downscaled pyramid
    int binarizer;      ///< a papers_zxing_binarizer
    double scale;       ///< 1: decode as is; otherwise resample (to gray) by this factor first, in [0.1, 8]
    double rotation_degrees; ///< 0: as is; otherwise rotate (to gray, bilinear, canvas enlarged, edges
                             ///< replicated) by this many degrees clockwise first, in [-180, 180].
                             ///< Corners are always reported in input pixels.
} papers_zxing_options;

/// The decoded symbols of one call (opaque).
typedef struct papers_zxing_results papers_zxing_results;

/// zxing's defaults: PDF417 and QR, try harder, rotate and downscale, local-average binarizer, no
/// resampling (scale 1, rotation 0).
void papers_zxing_options_init(papers_zxing_options *options);

/// Decodes the barcodes in an 8-bit image of `width` x `height` pixels whose rows are
/// `row_stride` bytes apart; `byte_count` bytes are readable at `pixels`. On PAPERS_ZXING_OK,
/// `*results` holds a handle (possibly with zero results) to free with papers_zxing_results_free;
/// otherwise `*results` is set to NULL. Only valid (error-free) symbols are reported.
papers_zxing_status papers_zxing_read(const uint8_t *pixels, size_t byte_count, int width, int height,
                                      int row_stride, papers_zxing_pixel_format format,
                                      const papers_zxing_options *options, papers_zxing_results **results);

/// The number of decoded symbols.
int papers_zxing_results_count(const papers_zxing_results *results);

/// The symbology of result `index` (one PAPERS_ZXING_FORMAT_* bit), 0 when out of range.
uint32_t papers_zxing_result_format(const papers_zxing_results *results, int index);

/// The raw payload bytes of result `index` (not transcoded), `*length` of them; NULL with
/// length 0 when out of range or empty. Valid until the handle is freed.
const uint8_t *papers_zxing_result_bytes(const papers_zxing_results *results, int index, size_t *length);

/// The four corners of result `index` in input pixels as x0,y0 .. x3,y3: top-left, top-right,
/// bottom-right, bottom-left of the symbol. Returns 0 when out of range (xy untouched), 1 otherwise.
int papers_zxing_result_corners(const papers_zxing_results *results, int index, double xy[8]);

/// The error-correction level (0 to 8) of PDF417 result `index`; -1 for other symbologies, when
/// zxing-cpp does not report it, or when out of range.
int papers_zxing_result_ec_level(const papers_zxing_results *results, int index);

/// Releases a results handle; NULL is ignored.
void papers_zxing_results_free(papers_zxing_results *results);

/// Symbologies papers_zxing_write can encode.
typedef enum {
    PAPERS_ZXING_WRITE_PDF417 = 0,
    PAPERS_ZXING_WRITE_QR = 1,
} papers_zxing_write_symbology;

/// Encodes `length` bytes (each byte one ISO 8859-1 character, so any byte survives) as the
/// smallest symbol zxing draws with a quiet zone of `margin` modules and, for a PDF417,
/// error-correction level `ec_level` (0 to 8; -1 for zxing's default, 2). On PAPERS_ZXING_OK,
/// `*pixels` holds `*width` x `*height` gray bytes (0 black, 255 white) to release with
/// papers_zxing_pixels_free; otherwise `*pixels` is NULL.
papers_zxing_status papers_zxing_write(papers_zxing_write_symbology symbology, const uint8_t *bytes, size_t length,
                                       int margin, int ec_level, uint8_t **pixels, int *width, int *height);

/// Releases pixels from papers_zxing_write (NULL is fine).
void papers_zxing_pixels_free(uint8_t *pixels);

#ifdef __cplusplus
}
#endif
