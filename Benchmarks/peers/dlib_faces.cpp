// The peer of `papers bench faces`: dlib called straight from C++, doing what Python's
// face_recognition 1.3 does for face_locations(img, 0) and face_encodings(img, model="small"):
// the HOG frontal face detector on the whole photo (not enlarged), the 5-point shape predictor on
// the largest face, get_face_chip_details(shape, 150, 0.25) + extract_image_chip, and the ResNet
// of dnn_face_recognition_ex.cpp. PyPI's `dlib` (the binding face_recognition needs) has no wheel
// and builds from source for a long time, so the same libdlib Papers links stands in for it.
//
// Build: g++ -O2 -std=c++17 dlib_faces.cpp -o dlib_faces -ldlib -l:libblas.so.3 -l:liblapack.so.3 -ljpeg -lpng
// Usage: dlib_faces MODEL_DIR ITERATIONS PHOTO...   (prints one JSON line, medians in ms)
#include <dlib/dnn.h>
#include <dlib/image_io.h>
#include <dlib/image_processing/frontal_face_detector.h>
#include <dlib/image_processing/shape_predictor.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

using namespace dlib;

template <template <int, template <typename> class, int, typename> class block, int N, template <typename> class BN, typename SUBNET>
using residual = add_prev1<block<N, BN, 1, tag1<SUBNET>>>;
template <template <int, template <typename> class, int, typename> class block, int N, template <typename> class BN, typename SUBNET>
using residual_down = add_prev2<avg_pool<2, 2, 2, 2, skip1<tag2<block<N, BN, 2, tag1<SUBNET>>>>>>;
template <int N, template <typename> class BN, int stride, typename SUBNET>
using block = BN<con<N, 3, 3, 1, 1, relu<BN<con<N, 3, 3, stride, stride, SUBNET>>>>>;
template <int N, typename SUBNET> using ares = relu<residual<block, N, affine, SUBNET>>;
template <int N, typename SUBNET> using ares_down = relu<residual_down<block, N, affine, SUBNET>>;
template <typename SUBNET> using alevel0 = ares_down<256, SUBNET>;
template <typename SUBNET> using alevel1 = ares<256, ares<256, ares_down<256, SUBNET>>>;
template <typename SUBNET> using alevel2 = ares<128, ares<128, ares_down<128, SUBNET>>>;
template <typename SUBNET> using alevel3 = ares<64, ares<64, ares<64, ares_down<64, SUBNET>>>>;
template <typename SUBNET> using alevel4 = ares<32, ares<32, ares<32, SUBNET>>>;
using anet_type = loss_metric<fc_no_bias<128, avg_pool_everything<alevel0<alevel1<alevel2<alevel3<alevel4<
    max_pool<3, 3, 2, 2, relu<affine<con<32, 7, 7, 2, 2, input_rgb_image_sized<150>>>>>>>>>>>>>;

static double ms(std::chrono::steady_clock::duration d) {
    return std::chrono::duration<double, std::milli>(d).count();
}

static double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

int main(int argc, char **argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: dlib_faces MODEL_DIR ITERATIONS PHOTO...\n");
        return 64;
    }
    const std::string dir = argv[1];
    const int iterations = std::max(1, std::atoi(argv[2]));
    frontal_face_detector detector = get_frontal_face_detector();
    shape_predictor sp;
    deserialize(dir + "/shape_predictor_5_face_landmarks.dat") >> sp;
    anet_type net;
    deserialize(dir + "/dlib_face_recognition_resnet_model_v1.dat") >> net;

    std::vector<double> stages[5];
    for (int i = 3; i < argc; ++i) {
        matrix<rgb_pixel> img;
        load_image(img, argv[i]);
        std::vector<double> times[5];
        for (int run = 0; run <= iterations; ++run) {
            const auto t0 = std::chrono::steady_clock::now();
            std::vector<rectangle> faces = detector(img);
            if (faces.empty()) {
                std::fprintf(stderr, "%s: no face found\n", argv[i]);
                return 65;
            }
            const rectangle face = *std::max_element(faces.begin(), faces.end(),
                [](const rectangle &a, const rectangle &b) { return a.area() < b.area(); });
            const auto t1 = std::chrono::steady_clock::now();
            const full_object_detection shape = sp(img, face);
            const auto t2 = std::chrono::steady_clock::now();
            matrix<rgb_pixel> chip;
            extract_image_chip(img, get_face_chip_details(shape, 150, 0.25), chip);
            const auto t3 = std::chrono::steady_clock::now();
            const matrix<float, 0, 1> descriptor = net(chip);
            const auto t4 = std::chrono::steady_clock::now();
            if (descriptor.size() != 128) return 70;
            if (run == 0) continue; // warm-up
            times[0].push_back(ms(t1 - t0));
            times[1].push_back(ms(t2 - t1));
            times[2].push_back(ms(t3 - t2));
            times[3].push_back(ms(t4 - t3));
            times[4].push_back(ms(t4 - t0));
        }
        for (int s = 0; s < 5; ++s) stages[s].push_back(median(times[s]));
    }
    std::printf("{\"photos\":%d,\"iterations\":%d,\"detectMs\":%.3f,\"landmarksMs\":%.3f,\"chipMs\":%.3f,"
                "\"descriptorMs\":%.3f,\"totalMs\":%.3f}\n",
                argc - 3, iterations, median(stages[0]), median(stages[1]), median(stages[2]), median(stages[3]),
                median(stages[4]));
    return 0;
}
