// The C API of dlib_shim.h over dlib's face detector, shape predictors, face alignment and ResNet
// face descriptor. Every exception stops here.

#include "dlib_shim.h"

#include <dlib/dnn.h>
#include <dlib/revision.h>
#include <dlib/image_processing/frontal_face_detector.h>
#include <dlib/image_processing/shape_predictor.h>
#include <dlib/image_transforms/interpolation.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

namespace {

/// Held by every call that reaches BLAS or LAPACK: the descriptor network's layers and the
/// similarity transform that aligns a face chip. The BLAS behind libblas.so.3 may not be safe
/// from several threads at once: Debian's serial OpenBLAS is built without locking, and two
/// threads inside it can share its work buffers and compute wrong descriptors.
std::mutex blas_lock;

/// The file the detector's model is cached in between processes (empty: none). Set before the
/// first detector is made; read once.
std::mutex cache_lock;
std::string cache_path;

/// dlib's detector, built once per process. dlib compiles its model in as compressed base64 text,
/// and decompressing it takes about 0.4 s, while reading the decompressed serialisation (155 kB)
/// and deriving the separable filters takes about 7 ms. So the decompressed model is written to
/// the cache file on the first build and read from it after that; a cache that cannot be read or
/// parsed is ignored and rewritten. Function-local statics are initialised once even under
/// concurrent calls (and retried if the first attempt throws).
dlib::frontal_face_detector build() {
    std::string path;
    {
        std::lock_guard<std::mutex> guard(cache_lock);
        path = cache_path;
    }
    if (!path.empty()) {
        std::ifstream cached(path, std::ios::binary);
        if (cached) {
            try {
                dlib::frontal_face_detector detector;
                dlib::deserialize(detector, cached);
                if (detector.num_detectors() == 5) return detector;
            } catch (const std::bad_alloc &) {
                throw;
            } catch (...) {
                // A damaged or foreign cache: build from the compiled-in model and rewrite it.
            }
        }
    }
    const std::string serialized = dlib::get_serialized_frontal_faces();
    dlib::frontal_face_detector detector;
    std::istringstream in(serialized);
    dlib::deserialize(detector, in);
    if (!path.empty()) {
        // Written whole under a temporary name, then renamed: a concurrent reader sees the old file
        // or the new one, never half of it. Failing to write only costs the next process the build.
        const std::string temporary = path + ".tmp" + std::to_string(static_cast<long>(::getpid()));
        {
            std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
            out.write(serialized.data(), static_cast<std::streamsize>(serialized.size()));
        }
        if (std::rename(temporary.c_str(), path.c_str()) != 0) std::remove(temporary.c_str());
    }
    return detector;
}

const dlib::frontal_face_detector &prototype() {
    static const dlib::frontal_face_detector built = build();
    return built;
}

} // namespace

struct papers_dlib_detector {
    dlib::frontal_face_detector detector = prototype(); // a private copy: dlib keeps scratch state in it
    dlib::array2d<unsigned char> gray;      // reused between calls
    dlib::array2d<unsigned char> enlarged;  // reused between calls
};

extern "C" void papers_dlib_detector_set_cache_directory(const char *directory) {
    try {
        std::lock_guard<std::mutex> guard(cache_lock);
        // The file is named after the dlib release whose model it holds.
        cache_path = directory && *directory
            ? std::string(directory) + "/dlib-" + std::to_string(DLIB_MAJOR_VERSION) + "." +
                  std::to_string(DLIB_MINOR_VERSION) + "-frontal-face-detector.dat"
            : std::string();
    } catch (...) {
        // Out of memory copying a path: the detector is then built without a cache.
    }
}

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

// ---------------------------------------------------------------------------------------------
// Landmarks, alignment and the face descriptor.

namespace {

// The network of dlib_face_recognition_resnet_model_v1, as dlib's dnn_face_recognition_ex.cpp
// defines it: a 29-layer ResNet (34 with the first layers' halved filters) on a 150x150 RGB chip,
// ending in a 128-D metric embedding. The definition must match the file's layer for layer.
template <template <int, template <typename> class, int, typename> class block, int N,
          template <typename> class BN, typename SUBNET>
using residual = dlib::add_prev1<block<N, BN, 1, dlib::tag1<SUBNET>>>;

template <template <int, template <typename> class, int, typename> class block, int N,
          template <typename> class BN, typename SUBNET>
using residual_down =
    dlib::add_prev2<dlib::avg_pool<2, 2, 2, 2, dlib::skip1<dlib::tag2<block<N, BN, 2, dlib::tag1<SUBNET>>>>>>;

template <int N, template <typename> class BN, int stride, typename SUBNET>
using block = BN<dlib::con<N, 3, 3, 1, 1, dlib::relu<BN<dlib::con<N, 3, 3, stride, stride, SUBNET>>>>>;

template <int N, typename SUBNET> using ares = dlib::relu<residual<block, N, dlib::affine, SUBNET>>;
template <int N, typename SUBNET> using ares_down = dlib::relu<residual_down<block, N, dlib::affine, SUBNET>>;

template <typename SUBNET> using alevel0 = ares_down<256, SUBNET>;
template <typename SUBNET> using alevel1 = ares<256, ares<256, ares_down<256, SUBNET>>>;
template <typename SUBNET> using alevel2 = ares<128, ares<128, ares_down<128, SUBNET>>>;
template <typename SUBNET> using alevel3 = ares<64, ares<64, ares<64, ares_down<64, SUBNET>>>>;
template <typename SUBNET> using alevel4 = ares<32, ares<32, ares<32, SUBNET>>>;

using anet_type = dlib::loss_metric<dlib::fc_no_bias<128, dlib::avg_pool_everything<
    alevel0<alevel1<alevel2<alevel3<alevel4<
    dlib::max_pool<3, 3, 2, 2, dlib::relu<dlib::affine<dlib::con<32, 7, 7, 2, 2,
    dlib::input_rgb_image_sized<150>>>>>>>>>>>>>;

/// Checks an image's layout as papers_dlib_detect does.
bool valid_image(const uint8_t *pixels, size_t byte_count, int width, int height, int row_stride,
                 papers_dlib_pixel_format format) {
    const int channels = static_cast<int>(format);
    if (!pixels || width <= 0 || height <= 0 ||
        (format != PAPERS_DLIB_PIXELS_GRAY && format != PAPERS_DLIB_PIXELS_RGB && format != PAPERS_DLIB_PIXELS_RGBA) ||
        row_stride < width * channels)
        return false;
    return static_cast<size_t>(row_stride) * (height - 1) + static_cast<size_t>(width) * channels <= byte_count;
}

/// The caller's pixels, read as RGB whatever their layout.
struct rgb_view {
    const uint8_t *pixels;
    long width, height, stride;
    int channels;

    dlib::rgb_pixel at(long row, long column) const {
        const uint8_t *p = pixels + row * stride + column * channels;
        return channels == 1 ? dlib::rgb_pixel(p[0], p[0], p[0]) : dlib::rgb_pixel(p[0], p[1], p[2]);
    }
};

/// A dlib image of the view's pixels, copied (dlib's generic image interface needs rows of
/// rgb_pixel, which an RGBA or gray buffer is not). Only the part the face lies in is copied:
/// `area` is clipped to the image and the returned offset says where the copy starts.
dlib::matrix<dlib::rgb_pixel> copy_area(const rgb_view &view, dlib::rectangle area, dlib::point &offset) {
    area = area.intersect(dlib::rectangle(0, 0, view.width - 1, view.height - 1));
    dlib::matrix<dlib::rgb_pixel> copy;
    offset = dlib::point(area.left(), area.top());
    if (area.is_empty()) return copy;
    copy.set_size(area.height(), area.width());
    for (long y = 0; y < area.height(); ++y)
        for (long x = 0; x < area.width(); ++x) copy(y, x) = view.at(area.top() + y, area.left() + x);
    return copy;
}

/// The caller's pixels as a dlib generic image of `Pixel` (unsigned char, rgb_pixel or
/// rgb_alpha_pixel, whose layouts are one, three and four packed bytes), read in place: the shape
/// predictor reads a few hundred pixels of a photo, which is not worth copying.
template <typename Pixel> struct pixel_view {
    const uint8_t *pixels;
    long rows, columns, stride;
};
template <typename Pixel> long num_rows(const pixel_view<Pixel> &view) { return view.rows; }
template <typename Pixel> long num_columns(const pixel_view<Pixel> &view) { return view.columns; }
template <typename Pixel> const void *image_data(const pixel_view<Pixel> &view) { return view.pixels; }
template <typename Pixel> long width_step(const pixel_view<Pixel> &view) { return view.stride; }

static_assert(sizeof(dlib::rgb_pixel) == 3 && sizeof(dlib::rgb_alpha_pixel) == 4, "dlib's pixels are packed bytes");

/// Process-wide models, one per file path, loaded on first use and kept for the process.
template <typename Model> struct registry {
    std::mutex lock;
    std::map<std::string, std::unique_ptr<Model>> loaded;
};

template <typename Model, typename Load>
papers_dlib_status load_once(registry<Model> &models, const char *path, const Model **out, Load load) {
    if (!out) return PAPERS_DLIB_INVALID_ARGUMENT;
    *out = nullptr;
    if (!path) return PAPERS_DLIB_INVALID_ARGUMENT;
    try {
        std::lock_guard<std::mutex> guard(models.lock);
        auto found = models.loaded.find(path);
        if (found != models.loaded.end()) {
            *out = found->second.get();
            return PAPERS_DLIB_OK;
        }
        std::ifstream file(path, std::ios::binary);
        if (!file) return PAPERS_DLIB_MODEL_MISSING;
        std::unique_ptr<Model> model(new Model());
        try {
            load(file, *model);
        } catch (const std::bad_alloc &) {
            throw;
        } catch (...) {
            return PAPERS_DLIB_MODEL_CORRUPT;
        }
        *out = model.get();
        models.loaded.emplace(path, std::move(model));
        return PAPERS_DLIB_OK;
    } catch (const std::bad_alloc &) {
        return PAPERS_DLIB_OUT_OF_MEMORY;
    } catch (...) {
        return PAPERS_DLIB_INTERNAL_ERROR;
    }
}

} // namespace

namespace dlib {
template <typename Pixel> struct image_traits<pixel_view<Pixel>> { typedef Pixel pixel_type; };
} // namespace dlib

struct papers_dlib_shape_predictor {
    dlib::shape_predictor predictor; // const use is thread-safe
};

struct papers_dlib_face_net {
    anet_type prototype;
    // A network keeps each layer's output in itself, so one run at a time uses it: runs take an
    // idle copy (made from the prototype when none is idle) and give it back.
    mutable std::mutex lock;
    mutable std::vector<std::unique_ptr<anet_type>> idle;

    std::unique_ptr<anet_type> take() const {
        {
            std::lock_guard<std::mutex> guard(lock);
            if (!idle.empty()) {
                std::unique_ptr<anet_type> net = std::move(idle.back());
                idle.pop_back();
                return net;
            }
        }
        return std::unique_ptr<anet_type>(new anet_type(prototype));
    }

    void give_back(std::unique_ptr<anet_type> net) const {
        std::lock_guard<std::mutex> guard(lock);
        idle.push_back(std::move(net));
    }
};

namespace {
registry<papers_dlib_shape_predictor> predictors;
registry<papers_dlib_face_net> nets;
} // namespace

extern "C" papers_dlib_status papers_dlib_shape_predictor_load(const char *path,
                                                               const papers_dlib_shape_predictor **predictor) {
    return load_once(predictors, path, predictor, [](std::istream &in, papers_dlib_shape_predictor &model) {
        dlib::deserialize(model.predictor, in);
        if (model.predictor.num_parts() == 0) throw dlib::serialization_error("no parts");
    });
}

extern "C" int papers_dlib_shape_predictor_points(const papers_dlib_shape_predictor *predictor) {
    return predictor ? static_cast<int>(predictor->predictor.num_parts()) : 0;
}

extern "C" papers_dlib_status papers_dlib_face_net_load(const char *path, const papers_dlib_face_net **net) {
    return load_once(nets, path, net, [](std::istream &in, papers_dlib_face_net &model) {
        dlib::deserialize(model.prototype, in);
    });
}

extern "C" papers_dlib_status papers_dlib_landmarks(const papers_dlib_shape_predictor *predictor, const uint8_t *pixels,
                                                    size_t byte_count, int width, int height, int row_stride,
                                                    papers_dlib_pixel_format format, const double box[4],
                                                    double *points, int capacity, int *count) {
    if (count) *count = 0;
    if (!predictor || !count || !box || !valid_image(pixels, byte_count, width, height, row_stride, format))
        return PAPERS_DLIB_INVALID_ARGUMENT;
    for (int i = 0; i < 4; ++i)
        if (!(box[i] == box[i]) || box[i] > 1e7 || box[i] < -1e7) return PAPERS_DLIB_INVALID_ARGUMENT;
    if (box[2] < 1 || box[3] < 1) return PAPERS_DLIB_INVALID_ARGUMENT;
    const int parts = static_cast<int>(predictor->predictor.num_parts());
    if (capacity < parts || !points) return PAPERS_DLIB_INVALID_ARGUMENT;
    try {
        // dlib boxes are inclusive: a box `width` pixels wide ends at left + width - 1.
        const dlib::rectangle face(std::lround(box[0]), std::lround(box[1]), std::lround(box[0] + box[2]) - 1,
                                   std::lround(box[1] + box[3]) - 1);
        dlib::full_object_detection shape;
        switch (format) {
        case PAPERS_DLIB_PIXELS_GRAY:
            shape = predictor->predictor(pixel_view<unsigned char>{pixels, height, width, row_stride}, face);
            break;
        case PAPERS_DLIB_PIXELS_RGB:
            shape = predictor->predictor(pixel_view<dlib::rgb_pixel>{pixels, height, width, row_stride}, face);
            break;
        case PAPERS_DLIB_PIXELS_RGBA:
            shape = predictor->predictor(pixel_view<dlib::rgb_alpha_pixel>{pixels, height, width, row_stride}, face);
            break;
        }
        for (int i = 0; i < parts; ++i) {
            points[2 * i] = static_cast<double>(shape.part(i).x());
            points[2 * i + 1] = static_cast<double>(shape.part(i).y());
        }
        *count = parts;
        return PAPERS_DLIB_OK;
    } catch (const std::bad_alloc &) {
        return PAPERS_DLIB_OUT_OF_MEMORY;
    } catch (...) {
        return PAPERS_DLIB_INTERNAL_ERROR;
    }
}

extern "C" papers_dlib_status papers_dlib_face_chip(const uint8_t *pixels, size_t byte_count, int width, int height,
                                                    int row_stride, papers_dlib_pixel_format format,
                                                    const double *points, int point_count, int size, double padding,
                                                    uint8_t *chip, size_t chip_capacity) {
    if (!valid_image(pixels, byte_count, width, height, row_stride, format) || !points || !chip ||
        (point_count != 5 && point_count != 68) || size < 8 || size > 2000 || !(padding >= 0 && padding <= 4) ||
        chip_capacity < static_cast<size_t>(size) * size * 3)
        return PAPERS_DLIB_INVALID_ARGUMENT;
    for (int i = 0; i < 2 * point_count; ++i)
        if (!(points[i] == points[i]) || points[i] > 1e7 || points[i] < -1e7) return PAPERS_DLIB_INVALID_ARGUMENT;
    try {
        const rgb_view view{pixels, width, height, row_stride, static_cast<int>(format)};
        // The shape's box plays no part in the alignment; the landmarks' bounds stand in for it.
        std::vector<dlib::point> parts;
        double left = points[0], right = points[0], top = points[1], bottom = points[1];
        for (int i = 0; i < point_count; ++i) {
            const double x = points[2 * i], y = points[2 * i + 1];
            left = std::min(left, x); right = std::max(right, x);
            top = std::min(top, y); bottom = std::max(bottom, y);
            parts.emplace_back(static_cast<long>(std::lround(x)), static_cast<long>(std::lround(y)));
        }
        const dlib::drectangle bounds(left, top, right, bottom);
        // The chip reaches `padding` of the face beyond the landmarks on every side: copy around
        // the landmarks with room for it, then align in the copy's coordinates.
        const double grow = (1 + padding) * std::max(bounds.width(), bounds.height()) + 2;
        dlib::point offset;
        const dlib::matrix<dlib::rgb_pixel> area = copy_area(
            view, dlib::rectangle(static_cast<long>(std::floor(left - grow)), static_cast<long>(std::floor(top - grow)),
                                  static_cast<long>(std::ceil(right + grow)), static_cast<long>(std::ceil(bottom + grow))),
            offset);
        if (area.size() == 0) return PAPERS_DLIB_INVALID_ARGUMENT;
        for (dlib::point &p : parts) p -= offset;
        const dlib::full_object_detection shape(dlib::rectangle(bounds.left() - offset.x(), bounds.top() - offset.y(),
                                                                bounds.right() - offset.x(), bounds.bottom() - offset.y()),
                                                parts);
        dlib::chip_details details;
        {
            std::lock_guard<std::mutex> guard(blas_lock);
            details = dlib::get_face_chip_details(shape, static_cast<unsigned long>(size), padding);
        }
        dlib::matrix<dlib::rgb_pixel> aligned;
        dlib::extract_image_chip(area, details, aligned);
        for (long y = 0; y < size; ++y)
            for (long x = 0; x < size; ++x) {
                uint8_t *p = chip + (static_cast<size_t>(y) * size + x) * 3;
                p[0] = aligned(y, x).red;
                p[1] = aligned(y, x).green;
                p[2] = aligned(y, x).blue;
            }
        return PAPERS_DLIB_OK;
    } catch (const std::bad_alloc &) {
        return PAPERS_DLIB_OUT_OF_MEMORY;
    } catch (...) {
        return PAPERS_DLIB_INTERNAL_ERROR;
    }
}

extern "C" papers_dlib_status papers_dlib_face_descriptor(const papers_dlib_face_net *net, const uint8_t *chip,
                                                          size_t chip_byte_count, float *descriptor) {
    const size_t side = PAPERS_DLIB_CHIP_SIZE;
    if (!net || !chip || !descriptor || chip_byte_count < side * side * 3) return PAPERS_DLIB_INVALID_ARGUMENT;
    try {
        dlib::matrix<dlib::rgb_pixel> input(side, side);
        for (size_t y = 0; y < side; ++y)
            for (size_t x = 0; x < side; ++x) {
                const uint8_t *p = chip + (y * side + x) * 3;
                input(y, x) = dlib::rgb_pixel(p[0], p[1], p[2]);
            }
        std::unique_ptr<anet_type> run = net->take();
        dlib::matrix<float, 0, 1> values;
        {
            std::lock_guard<std::mutex> guard(blas_lock);
            values = (*run)(input);
        }
        net->give_back(std::move(run));
        if (values.size() != PAPERS_DLIB_DESCRIPTOR_LENGTH) return PAPERS_DLIB_INTERNAL_ERROR;
        for (long i = 0; i < values.size(); ++i) descriptor[i] = values(i);
        return PAPERS_DLIB_OK;
    } catch (const std::bad_alloc &) {
        return PAPERS_DLIB_OUT_OF_MEMORY;
    } catch (...) {
        return PAPERS_DLIB_INTERNAL_ERROR;
    }
}
