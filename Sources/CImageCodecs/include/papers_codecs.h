// A small C shim over libjpeg-turbo and libpng: error handling (setjmp) stays in C, and the
// header is read before any pixel buffer is allocated so callers can refuse decompression bombs.
#ifndef PAPERS_CODECS_H
#define PAPERS_CODECS_H

#include <stddef.h>
#include <stdint.h>

#define PAPERS_CODEC_OK 0
#define PAPERS_CODEC_CORRUPT 1
#define PAPERS_CODEC_UNSUPPORTED 2
#define PAPERS_CODEC_NO_MEMORY 3

/// Reads a JPEG header: size and number of colour components. Returns a PAPERS_CODEC_* code.
int papers_jpeg_header(const uint8_t *data, size_t size, int *width, int *height, int *components);

/// Decodes a JPEG into `out` (rows of width*components bytes after scaling by 1/scale_denom,
/// scale_denom one of 1, 2, 4, 8). `components` is 1 (gray) or 3 (RGB). Returns a code.
int papers_jpeg_decode(const uint8_t *data, size_t size, int components, int scale_denom,
                       uint8_t *out, size_t out_size, int *out_width, int *out_height);

/// The output size of a JPEG decoded at 1/scale_denom.
int papers_jpeg_scaled_size(const uint8_t *data, size_t size, int scale_denom, int *width, int *height);

/// Encodes pixels (1 or 3 components) as baseline JPEG; *out is malloc'd, free with papers_free.
int papers_jpeg_encode(const uint8_t *pixels, int width, int height, size_t stride, int components,
                       int quality, uint8_t **out, size_t *out_size);

/// Reads a PNG header. Returns a code.
int papers_png_header(const uint8_t *data, size_t size, int *width, int *height, int *components);

/// Decodes a PNG into 8-bit pixels with `components` 1 (gray), 3 (RGB) or 4 (RGBA).
int papers_png_decode(const uint8_t *data, size_t size, int components, uint8_t *out, size_t out_size);

/// Encodes 8-bit pixels (1, 3 or 4 components) as PNG; *out is malloc'd, free with papers_free.
int papers_png_encode(const uint8_t *pixels, int width, int height, size_t stride, int components,
                      uint8_t **out, size_t *out_size);

/// Frees a buffer returned by an encoder.
void papers_free(void *pointer);

#endif
