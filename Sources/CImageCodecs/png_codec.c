#include "papers_codecs.h"

#include <stdlib.h>
#include <string.h>
#include <png.h>

static png_uint_32 papers_png_format(int components) {
    switch (components) {
    case 1: return PNG_FORMAT_GRAY;
    case 3: return PNG_FORMAT_RGB;
    default: return PNG_FORMAT_RGBA;
    }
}

int papers_png_header(const uint8_t *data, size_t size, int *width, int *height, int *components) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) return PAPERS_CODEC_CORRUPT;
    *width = (int)image.width;
    *height = (int)image.height;
    *components = (int)PNG_IMAGE_SAMPLE_CHANNELS(image.format);
    png_image_free(&image);
    return PAPERS_CODEC_OK;
}

int papers_png_decode(const uint8_t *data, size_t size, int components, uint8_t *out, size_t out_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) return PAPERS_CODEC_CORRUPT;
    image.format = papers_png_format(components);
    if (PNG_IMAGE_SIZE(image) > out_size) {
        png_image_free(&image);
        return PAPERS_CODEC_UNSUPPORTED;
    }
    int ok = png_image_finish_read(&image, NULL, out, 0, NULL);
    png_image_free(&image);
    return ok ? PAPERS_CODEC_OK : PAPERS_CODEC_CORRUPT;
}

int papers_png_encode(const uint8_t *pixels, int width, int height, size_t stride, int components,
                      uint8_t **out, size_t *out_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)width;
    image.height = (png_uint_32)height;
    image.format = papers_png_format(components);
    png_alloc_size_t size = 0;
    if (!png_image_write_get_memory_size(image, size, 0, pixels, (png_int_32)stride, NULL)) {
        return PAPERS_CODEC_CORRUPT;
    }
    uint8_t *buffer = malloc(size);
    if (buffer == NULL) return PAPERS_CODEC_NO_MEMORY;
    if (!png_image_write_to_memory(&image, buffer, &size, 0, pixels, (png_int_32)stride, NULL)) {
        free(buffer);
        return PAPERS_CODEC_CORRUPT;
    }
    *out = buffer;
    *out_size = (size_t)size;
    return PAPERS_CODEC_OK;
}
