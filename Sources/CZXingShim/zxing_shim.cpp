// The C API of zxing_shim.h over zxing-cpp 1.4. Every exception stops here.

#define ZX_USE_UTF8 1 // Result::text() as UTF-8 (silences 1.4's transition warning; we only use bytes())

#include "zxing_shim.h"

#include <ZXing/BitMatrix.h>
#include <ZXing/MultiFormatWriter.h>
#include <ZXing/ReadBarcode.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

namespace {

struct Symbol {
    uint32_t format;
    std::vector<uint8_t> bytes;
    double corners[8];
    int ecLevel = -1;
};

ZXing::BarcodeFormats toZXing(uint32_t formats) {
    ZXing::BarcodeFormats out;
    if (formats & PAPERS_ZXING_FORMAT_PDF417) out |= ZXing::BarcodeFormat::PDF417;
    if (formats & PAPERS_ZXING_FORMAT_QR_CODE) out |= ZXing::BarcodeFormat::QRCode;
    return out;
}

uint32_t fromZXing(ZXing::BarcodeFormat format) {
    switch (format) {
    case ZXing::BarcodeFormat::PDF417: return PAPERS_ZXING_FORMAT_PDF417;
    case ZXing::BarcodeFormat::QRCode: return PAPERS_ZXING_FORMAT_QR_CODE;
    default: return 0;
    }
}

ZXing::ImageFormat toZXing(papers_zxing_pixel_format format) {
    switch (format) {
    case PAPERS_ZXING_PIXELS_GRAY: return ZXing::ImageFormat::Lum;
    case PAPERS_ZXING_PIXELS_RGB: return ZXing::ImageFormat::RGB;
    case PAPERS_ZXING_PIXELS_RGBA: return ZXing::ImageFormat::RGBX;
    }
    return ZXing::ImageFormat::None;
}

/// Luminance of pixel (x, y) with zxing's own weights.
inline uint8_t luminance(const uint8_t *pixels, int rowStride, int channels, int x, int y) {
    const uint8_t *p = pixels + static_cast<size_t>(y) * rowStride + static_cast<size_t>(x) * channels;
    return channels == 1 ? p[0] : ZXing::RGBToLum(p[0], p[1], p[2]);
}

/// A gray copy of the input, scaled by `scale` then rotated `degrees` clockwise about its centre
/// (the canvas grows to hold the rotated image). `toInput` maps a point of the copy back to input
/// pixels. Pure shrinking averages the covered area; anything else samples bilinearly.
struct Resampled {
    std::vector<uint8_t> pixels;
    int width = 0, height = 0;
    // input = centre + R(-degrees) * (output - outCentre) / scale, in pixel-centre coordinates
    double cosA = 1, sinA = 0, scale = 1, inCX = 0, inCY = 0, outCX = 0, outCY = 0;

    void toInput(double x, double y, double &ix, double &iy) const {
        double dx = x - outCX, dy = y - outCY;
        ix = inCX + (cosA * dx + sinA * dy) / scale;
        iy = inCY + (-sinA * dx + cosA * dy) / scale;
    }
};

Resampled resample(const uint8_t *pixels, int width, int height, int rowStride, int channels, double scale, double degrees) {
    Resampled r;
    const double radians = degrees * M_PI / 180;
    r.cosA = std::cos(radians);
    r.sinA = std::sin(radians);
    r.scale = scale;
    const double sw = width * scale, sh = height * scale;
    r.width = std::max(1, static_cast<int>(std::lround(std::fabs(sw * r.cosA) + std::fabs(sh * r.sinA))));
    r.height = std::max(1, static_cast<int>(std::lround(std::fabs(sw * r.sinA) + std::fabs(sh * r.cosA))));
    r.inCX = (width - 1) / 2.0;
    r.inCY = (height - 1) / 2.0;
    r.outCX = (r.width - 1) / 2.0;
    r.outCY = (r.height - 1) / 2.0;
    r.pixels.resize(static_cast<size_t>(r.width) * r.height);
    uint8_t *out = r.pixels.data();
    if (degrees == 0 && scale < 1) {
        const double sx = static_cast<double>(width) / r.width, sy = static_cast<double>(height) / r.height;
        r.scale = std::min(r.width / static_cast<double>(width), r.height / static_cast<double>(height));
        for (int y = 0; y < r.height; ++y) {
            int y0 = static_cast<int>(y * sy), y1 = std::min(height, std::max(y0 + 1, static_cast<int>((y + 1) * sy)));
            for (int x = 0; x < r.width; ++x) {
                int x0 = static_cast<int>(x * sx), x1 = std::min(width, std::max(x0 + 1, static_cast<int>((x + 1) * sx)));
                unsigned sum = 0;
                for (int yy = y0; yy < y1; ++yy)
                    for (int xx = x0; xx < x1; ++xx) sum += luminance(pixels, rowStride, channels, xx, yy);
                unsigned count = static_cast<unsigned>((y1 - y0) * (x1 - x0));
                out[static_cast<size_t>(y) * r.width + x] = static_cast<uint8_t>((sum + count / 2) / count);
            }
        }
        return r;
    }
    for (int y = 0; y < r.height; ++y) {
        for (int x = 0; x < r.width; ++x) {
            double fx, fy;
            r.toInput(x, y, fx, fy);
            fx = std::min(std::max(fx, 0.0), width - 1.0);
            fy = std::min(std::max(fy, 0.0), height - 1.0);
            int x0 = static_cast<int>(fx), y0 = static_cast<int>(fy);
            int x1 = std::min(x0 + 1, width - 1), y1 = std::min(y0 + 1, height - 1);
            double wx = fx - x0, wy = fy - y0;
            double top = luminance(pixels, rowStride, channels, x0, y0) * (1 - wx) + luminance(pixels, rowStride, channels, x1, y0) * wx;
            double bottom = luminance(pixels, rowStride, channels, x0, y1) * (1 - wx) + luminance(pixels, rowStride, channels, x1, y1) * wx;
            out[static_cast<size_t>(y) * r.width + x] = static_cast<uint8_t>(top * (1 - wy) + bottom * wy + 0.5);
        }
    }
    return r;
}

} // namespace

struct papers_zxing_results {
    std::vector<Symbol> symbols;
};

extern "C" void papers_zxing_options_init(papers_zxing_options *options) {
    if (!options) return;
    options->formats = PAPERS_ZXING_FORMAT_PDF417 | PAPERS_ZXING_FORMAT_QR_CODE;
    options->try_harder = 1;
    options->try_rotate = 1;
    options->try_downscale = 1;
    options->binarizer = PAPERS_ZXING_BINARIZER_LOCAL_AVERAGE;
    options->scale = 1;
    options->rotation_degrees = 0;
}

extern "C" papers_zxing_status papers_zxing_read(const uint8_t *pixels, size_t byte_count, int width, int height,
                                                 int row_stride, papers_zxing_pixel_format format,
                                                 const papers_zxing_options *options, papers_zxing_results **results) {
    if (!results) return PAPERS_ZXING_INVALID_ARGUMENT;
    *results = nullptr;
    const int channels = static_cast<int>(format);
    if (!pixels || !options || width <= 0 || height <= 0 || toZXing(format) == ZXing::ImageFormat::None ||
        row_stride < width * channels || options->formats == 0 ||
        (options->formats & ~uint32_t(PAPERS_ZXING_FORMAT_PDF417 | PAPERS_ZXING_FORMAT_QR_CODE)) != 0 ||
        options->binarizer < PAPERS_ZXING_BINARIZER_LOCAL_AVERAGE || options->binarizer > PAPERS_ZXING_BINARIZER_FIXED_THRESHOLD ||
        !(options->scale >= 0.1 && options->scale <= 8) ||
        !(options->rotation_degrees >= -180 && options->rotation_degrees <= 180))
        return PAPERS_ZXING_INVALID_ARGUMENT;
    // The last row needs only width * channels bytes; the ones before it a full stride.
    if (static_cast<size_t>(row_stride) * (height - 1) + static_cast<size_t>(width) * channels > byte_count)
        return PAPERS_ZXING_INVALID_ARGUMENT;
    try {
        ZXing::DecodeHints hints;
        hints.setFormats(toZXing(options->formats))
            .setTryHarder(options->try_harder != 0)
            .setTryRotate(options->try_rotate != 0)
            .setTryDownscale(options->try_downscale != 0)
            .setBinarizer(static_cast<ZXing::Binarizer>(options->binarizer));

        ZXing::Results found;
        Resampled copy;
        const bool resampling = options->scale != 1 || options->rotation_degrees != 0;
        if (!resampling) {
            found = ZXing::ReadBarcodes(ZXing::ImageView(pixels, width, height, toZXing(format), row_stride), hints);
        } else {
            copy = resample(pixels, width, height, row_stride, channels, options->scale, options->rotation_degrees);
            found = ZXing::ReadBarcodes(ZXing::ImageView(copy.pixels.data(), copy.width, copy.height, ZXing::ImageFormat::Lum), hints);
        }

        auto out = new papers_zxing_results();
        try {
            for (const ZXing::Result &result : found) {
                uint32_t symbology = fromZXing(result.format());
                if (!result.isValid() || symbology == 0) continue;
                Symbol symbol;
                symbol.format = symbology;
                symbol.bytes.assign(result.bytes().begin(), result.bytes().end());
                if (symbology == PAPERS_ZXING_FORMAT_PDF417) {
                    // zxing-cpp reports a PDF417's error-correction level as its decimal digit.
                    const std::string level = result.ecLevel();
                    if (level.size() == 1 && level[0] >= '0' && level[0] <= '8') symbol.ecLevel = level[0] - '0';
                }
                const ZXing::Position &position = result.position();
                for (int i = 0; i < 4; ++i) {
                    double x = position[i].x, y = position[i].y;
                    if (resampling) copy.toInput(x, y, x, y);
                    symbol.corners[2 * i] = x;
                    symbol.corners[2 * i + 1] = y;
                }
                out->symbols.push_back(std::move(symbol));
            }
        } catch (...) {
            delete out;
            throw;
        }
        *results = out;
        return PAPERS_ZXING_OK;
    } catch (const std::bad_alloc &) {
        return PAPERS_ZXING_OUT_OF_MEMORY;
    } catch (...) {
        return PAPERS_ZXING_INTERNAL_ERROR;
    }
}

extern "C" int papers_zxing_results_count(const papers_zxing_results *results) {
    return results ? static_cast<int>(results->symbols.size()) : 0;
}

extern "C" uint32_t papers_zxing_result_format(const papers_zxing_results *results, int index) {
    if (!results || index < 0 || static_cast<size_t>(index) >= results->symbols.size()) return 0;
    return results->symbols[index].format;
}

extern "C" const uint8_t *papers_zxing_result_bytes(const papers_zxing_results *results, int index, size_t *length) {
    if (length) *length = 0;
    if (!results || index < 0 || static_cast<size_t>(index) >= results->symbols.size()) return nullptr;
    const std::vector<uint8_t> &bytes = results->symbols[index].bytes;
    if (bytes.empty()) return nullptr;
    if (length) *length = bytes.size();
    return bytes.data();
}

extern "C" int papers_zxing_result_corners(const papers_zxing_results *results, int index, double xy[8]) {
    if (!results || !xy || index < 0 || static_cast<size_t>(index) >= results->symbols.size()) return 0;
    std::memcpy(xy, results->symbols[index].corners, sizeof(double) * 8);
    return 1;
}

extern "C" int papers_zxing_result_ec_level(const papers_zxing_results *results, int index) {
    if (!results || index < 0 || index >= static_cast<int>(results->symbols.size())) return -1;
    return results->symbols[static_cast<size_t>(index)].ecLevel;
}

extern "C" void papers_zxing_results_free(papers_zxing_results *results) {
    delete results;
}

extern "C" papers_zxing_status papers_zxing_write(papers_zxing_write_symbology symbology, const uint8_t *bytes,
                                                  size_t length, int margin, int ec_level, uint8_t **pixels,
                                                  int *width, int *height) {
    if (!pixels || !width || !height) return PAPERS_ZXING_INVALID_ARGUMENT;
    *pixels = nullptr;
    *width = 0;
    *height = 0;
    if ((!bytes && length > 0) || margin < 0 || margin > 64 || ec_level < -1 || ec_level > 8)
        return PAPERS_ZXING_INVALID_ARGUMENT;
    try {
        std::wstring contents;
        contents.reserve(length);
        for (size_t i = 0; i < length; ++i) contents.push_back(static_cast<wchar_t>(bytes[i]));
        ZXing::BarcodeFormat format =
            symbology == PAPERS_ZXING_WRITE_QR ? ZXing::BarcodeFormat::QRCode : ZXing::BarcodeFormat::PDF417;
        ZXing::MultiFormatWriter writer(format);
        writer.setEncoding(ZXing::CharacterSet::ISO8859_1).setMargin(margin);
        if (ec_level >= 0 && symbology == PAPERS_ZXING_WRITE_PDF417) writer.setEccLevel(ec_level);
        ZXing::BitMatrix matrix = writer.encode(contents, 0, 0);
        const int w = matrix.width(), h = matrix.height();
        if (w <= 0 || h <= 0) return PAPERS_ZXING_INTERNAL_ERROR;
        uint8_t *out = static_cast<uint8_t *>(std::malloc(static_cast<size_t>(w) * static_cast<size_t>(h)));
        if (!out) return PAPERS_ZXING_OUT_OF_MEMORY;
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) out[static_cast<size_t>(y) * w + x] = matrix.get(x, y) ? 0 : 255;
        *pixels = out;
        *width = w;
        *height = h;
        return PAPERS_ZXING_OK;
    } catch (...) {
        return PAPERS_ZXING_INTERNAL_ERROR;
    }
}

extern "C" void papers_zxing_pixels_free(uint8_t *pixels) {
    std::free(pixels);
}
