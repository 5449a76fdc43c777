// Plain zxing-cpp on one image, for compare_barcodes.py: the baseline Papers' reader is held to.
//
//   zxing_direct IMAGE.png ITERATIONS [pdf417|qr|all]
//
// Reads the PNG as 8-bit gray with libpng's simplified API (the same call Papers' PNG decoder
// makes), then times ZXing::ReadBarcodes with zxing's default hints (try harder, rotate and
// downscale, local-average binarizer) restricted to the formats asked for. Decoding of the file
// is excluded. Prints one JSON line: {"medianMs": …, "minMs": …, "iterations": …, "found": …}.
//
// Build: g++ -O2 -std=c++17 zxing_direct.cpp -o zxing_direct -lZXing -lpng16

#define ZX_USE_UTF8 1
#include <ZXing/ReadBarcode.h>
#include <png.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

int main(int argc, char **argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s IMAGE.png ITERATIONS [pdf417|qr|all]\n", argv[0]);
        return 64;
    }
    const int iterations = std::atoi(argv[2]);
    const std::string which = argc > 3 ? argv[3] : "pdf417";
    if (iterations < 1) return 64;

    png_image image;
    std::memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, argv[1])) {
        std::fprintf(stderr, "cannot read %s\n", argv[1]);
        return 66;
    }
    image.format = PNG_FORMAT_GRAY;
    std::vector<uint8_t> pixels(PNG_IMAGE_SIZE(image));
    if (!png_image_finish_read(&image, nullptr, pixels.data(), 0, nullptr)) {
        std::fprintf(stderr, "cannot decode %s\n", argv[1]);
        return 65;
    }

    ZXing::BarcodeFormats formats;
    if (which == "pdf417" || which == "all") formats |= ZXing::BarcodeFormat::PDF417;
    if (which == "qr" || which == "all") formats |= ZXing::BarcodeFormat::QRCode;
    ZXing::DecodeHints hints;
    hints.setFormats(formats);
    const ZXing::ImageView view(pixels.data(), static_cast<int>(image.width), static_cast<int>(image.height), ZXing::ImageFormat::Lum);

    size_t found = ZXing::ReadBarcodes(view, hints).size(); // warm-up
    std::vector<double> times;
    for (int i = 0; i < iterations; ++i) {
        auto start = std::chrono::steady_clock::now();
        found = ZXing::ReadBarcodes(view, hints).size();
        times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    std::printf("{\"medianMs\": %.4f, \"minMs\": %.4f, \"iterations\": %d, \"found\": %zu}\n",
                times[times.size() / 2], times[0], iterations, found);
    return 0;
}
