#include "papers_codecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
} papers_jpeg_error;

static void papers_jpeg_error_exit(j_common_ptr cinfo) {
    papers_jpeg_error *error = (papers_jpeg_error *)cinfo->err;
    longjmp(error->jump, 1);
}

/* Prints nothing, but counts warnings (a truncated file decodes with a warning). */
static void papers_jpeg_silence(j_common_ptr cinfo, int level) {
    if (level < 0) cinfo->err->num_warnings++;
}

static int papers_jpeg_open(struct jpeg_decompress_struct *cinfo, papers_jpeg_error *error,
                            const uint8_t *data, size_t size) {
    cinfo->err = jpeg_std_error(&error->base);
    error->base.error_exit = papers_jpeg_error_exit;
    error->base.emit_message = papers_jpeg_silence;
    jpeg_create_decompress(cinfo);
    jpeg_mem_src(cinfo, data, (unsigned long)size);
    return jpeg_read_header(cinfo, TRUE) == JPEG_HEADER_OK ? PAPERS_CODEC_OK : PAPERS_CODEC_CORRUPT;
}

int papers_jpeg_header(const uint8_t *data, size_t size, int *width, int *height, int *components) {
    struct jpeg_decompress_struct cinfo;
    papers_jpeg_error error;
    if (size < 4) return PAPERS_CODEC_CORRUPT;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return PAPERS_CODEC_CORRUPT;
    }
    int status = papers_jpeg_open(&cinfo, &error, data, size);
    *width = (int)cinfo.image_width;
    *height = (int)cinfo.image_height;
    *components = cinfo.num_components;
    jpeg_destroy_decompress(&cinfo);
    return status;
}

int papers_jpeg_scaled_size(const uint8_t *data, size_t size, int scale_denom, int *width, int *height) {
    struct jpeg_decompress_struct cinfo;
    papers_jpeg_error error;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return PAPERS_CODEC_CORRUPT;
    }
    int status = papers_jpeg_open(&cinfo, &error, data, size);
    if (status == PAPERS_CODEC_OK) {
        cinfo.scale_num = 1;
        cinfo.scale_denom = (unsigned int)scale_denom;
        jpeg_calc_output_dimensions(&cinfo);
        *width = (int)cinfo.output_width;
        *height = (int)cinfo.output_height;
    }
    jpeg_destroy_decompress(&cinfo);
    return status;
}

int papers_jpeg_decode(const uint8_t *data, size_t size, int components, int scale_denom,
                       uint8_t *out, size_t out_size, int *out_width, int *out_height) {
    struct jpeg_decompress_struct cinfo;
    papers_jpeg_error error;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return PAPERS_CODEC_CORRUPT;
    }
    int status = papers_jpeg_open(&cinfo, &error, data, size);
    if (status != PAPERS_CODEC_OK) {
        jpeg_destroy_decompress(&cinfo);
        return status;
    }
    cinfo.out_color_space = components == 1 ? JCS_GRAYSCALE : JCS_RGB;
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned int)scale_denom;
    cinfo.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&cinfo);
    size_t row_bytes = (size_t)cinfo.output_width * (size_t)cinfo.output_components;
    if ((int)cinfo.output_components != components || row_bytes * cinfo.output_height > out_size) {
        jpeg_destroy_decompress(&cinfo);
        return PAPERS_CODEC_UNSUPPORTED;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = out + row_bytes * cinfo.output_scanline;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    *out_width = (int)cinfo.output_width;
    *out_height = (int)cinfo.output_height;
    // A truncated file decodes to grey rows with a warning; report it as corrupt.
    int warnings = (int)error.base.num_warnings;
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return warnings > 0 ? PAPERS_CODEC_CORRUPT : PAPERS_CODEC_OK;
}

int papers_jpeg_encode(const uint8_t *pixels, int width, int height, size_t stride, int components,
                       int quality, uint8_t **out, size_t *out_size) {
    struct jpeg_compress_struct cinfo;
    papers_jpeg_error error;
    unsigned char *buffer = NULL;
    unsigned long buffer_size = 0;
    cinfo.err = jpeg_std_error(&error.base);
    error.base.error_exit = papers_jpeg_error_exit;
    error.base.emit_message = papers_jpeg_silence;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return PAPERS_CODEC_CORRUPT;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &buffer, &buffer_size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = components;
    cinfo.in_color_space = components == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + stride * cinfo.next_scanline);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = buffer;
    *out_size = (size_t)buffer_size;
    return PAPERS_CODEC_OK;
}

void papers_free(void *pointer) { free(pointer); }
