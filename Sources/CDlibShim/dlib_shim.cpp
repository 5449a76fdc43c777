// The C API of dlib_shim.h over dlib's HOG frontal face detector. Every exception stops here.

#include "dlib_shim.h"

#include <dlib/image_processing/frontal_face_detector.h>
#include <dlib/image_transforms/interpolation.h>

#include <algorithm>
#include <new>
#include <vector>

namespace {

/// dlib's detector, built once per process: building it decodes the compiled-in model and derives
/// separable filters (about 0.5 s); copying a built one takes about 0.2 ms. Function-local statics
/// are initialised once even under concurrent calls (and retried if the first attempt throws).
const dlib::frontal_face_detector &prototype() {
    static const dlib::frontal_face_detector built = dlib::get_frontal_face_detector();
    return built;
}

} // namespace

struct papers_dlib_detector {
    dlib::frontal_face_detector detector = prototype(); // a private copy: dlib keeps scratch state in it
    dlib::array2d<unsigned char> gray;      // reused between calls
    dlib::array2d<unsigned char> enlarged;  // reused between calls
};

extern "C" papers_dlib_status papers_dlib_detector_create(papers_dlib_detector **detector) {
    if (!detector) return PAPERS_DLIB_INVALID_ARGUMENT;
    *detector = nullptr;
    try {
        *detector = new papers_dlib_detector();
        return PAPERS_DLIB_OK;
    } catch (const std::bad_alloc &) {
        return PAPERS_DLIB_OUT_OF_MEMORY;
    } catch (...) {
        return PAPERS_DLIB_INTERNAL_ERROR;
    }
}

extern "C" void papers_dlib_detector_free(papers_dlib_detector *detector) {
    delete detector;
}

extern "C" papers_dlib_status papers_dlib_detect(papers_dlib_detector *detector, const uint8_t *pixels, size_t byte_count,
                                                 int width, int height, int row_stride, papers_dlib_pixel_format format,
                                                 int upsample, double adjust_threshold,
                                                 papers_dlib_face *faces, int capacity, int *count) {
    if (count) *count = 0;
    const int channels = static_cast<int>(format);
    if (!detector || !pixels || !count || width <= 0 || height <= 0 || capacity < 0 || (capacity > 0 && !faces) ||
        (format != PAPERS_DLIB_PIXELS_GRAY && format != PAPERS_DLIB_PIXELS_RGB && format != PAPERS_DLIB_PIXELS_RGBA) ||
        row_stride < width * channels || upsample < 0 || upsample > 2 || !(adjust_threshold == adjust_threshold))
        return PAPERS_DLIB_INVALID_ARGUMENT;
    if (static_cast<size_t>(row_stride) * (height - 1) + static_cast<size_t>(width) * channels > byte_count)
        return PAPERS_DLIB_INVALID_ARGUMENT;
    try {
        dlib::array2d<unsigned char> &gray = detector->gray;
        gray.set_size(height, width);
        for (int y = 0; y < height; ++y) {
            const uint8_t *row = pixels + static_cast<size_t>(y) * row_stride;
            if (channels == 1) {
                std::copy(row, row + width, &gray[y][0]);
            } else {
                for (int x = 0; x < width; ++x) {
                    const uint8_t *p = row + static_cast<size_t>(x) * channels;
                    // ITU-R BT.601 weights, as Papers' Image.grayscale().
                    gray[y][x] = static_cast<unsigned char>((77u * p[0] + 150u * p[1] + 29u * p[2] + 128u) >> 8);
                }
            }
        }

        std::vector<dlib::rect_detection> found;
        double toInput = 1;
        if (upsample == 0) {
            detector->detector(gray, found, adjust_threshold);
        } else {
            const dlib::pyramid_down<2> pyramid; // the detector's own pyramid: each step up doubles the size
            dlib::pyramid_up(gray, detector->enlarged, pyramid);
            for (int step = 1; step < upsample; ++step) dlib::pyramid_up(detector->enlarged, pyramid);
            detector->detector(detector->enlarged, found, adjust_threshold);
            toInput = 1.0 / (1 << upsample);
        }
        std::sort(found.begin(), found.end(), [](const dlib::rect_detection &a, const dlib::rect_detection &b) {
            return a.detection_confidence > b.detection_confidence;
        });

        *count = static_cast<int>(found.size());
        const int written = std::min(capacity, *count);
        for (int i = 0; i < written; ++i) {
            const dlib::rectangle &r = found[i].rect;
            // dlib rectangles are inclusive pixel ranges: the box spans left ... right + 1.
            faces[i].left = r.left() * toInput;
            faces[i].top = r.top() * toInput;
            faces[i].width = (r.right() - r.left() + 1) * toInput;
            faces[i].height = (r.bottom() - r.top() + 1) * toInput;
            faces[i].score = found[i].detection_confidence;
            faces[i].pose = static_cast<int>(found[i].weight_index);
        }
        return PAPERS_DLIB_OK;
    } catch (const std::bad_alloc &) {
        return PAPERS_DLIB_OUT_OF_MEMORY;
    } catch (...) {
        return PAPERS_DLIB_INTERNAL_ERROR;
    }
}
