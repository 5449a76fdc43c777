import CDlibShim
import Foundation
import PapersImaging
import PapersRecognition

/// The one file that touches dlib's C API (`CDlibShim`): the face detector, the shape predictors,
/// the face alignment and the descriptor network, as Swift values and typed errors. Nothing else in
/// Papers sees a pointer of it.
enum DlibShim {
    /// The length of dlib's face descriptor.
    static let descriptorLength = Int(PAPERS_DLIB_DESCRIPTOR_LENGTH)
    /// The side of the aligned chip dlib's descriptor network reads.
    static let chipSize = Int(PAPERS_DLIB_CHIP_SIZE)

    // MARK: Detection

    /// The directory the detector's model is cached in between processes:
    /// `$XDG_CACHE_HOME/papers`, or `~/.cache/papers`. Named to the shim once, before the first
    /// detector is built.
    private static let modelCache: Void = {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].flatMap { $0.isEmpty ? nil : $0 + "/.cache" }
        guard let base else { return }
        let directory = base + "/papers"
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else { return }
        papers_dlib_detector_set_cache_directory(directory)
    }()

    /// Builds dlib's HOG detector model now (about 0.4 s the first time on a machine, 7 ms from
    /// the cache after that; once per process).
    static func prepareDetector() throws(RecognitionError) {
        let detector = try makeDetector()
        papers_dlib_detector_free(detector)
    }

    /// The faces dlib's HOG detector finds in `image`, strongest first: at most `capacity` of them.
    /// With `retryUpsampledBelow` pixels or fewer and nothing found, looks again at the image
    /// enlarged twice.
    static func detect(_ image: Image, threshold: Double, capacity: Int, retryUpsampledBelow: Int) throws(RecognitionError) -> [DetectedFace] {
        let layout = try Layout(image)
        let detector = try makeDetector()
        defer { papers_dlib_detector_free(detector) }
        var faces = try detect(image, layout: layout, upsample: 0, threshold: threshold, capacity: capacity, with: detector)
        if faces.isEmpty && image.pixelCount <= retryUpsampledBelow {
            faces = try detect(image, layout: layout, upsample: 1, threshold: threshold, capacity: capacity, with: detector)
        }
        return faces
    }

    private static func makeDetector() throws(RecognitionError) -> OpaquePointer {
        _ = modelCache
        var detector: OpaquePointer?
        let status = papers_dlib_detector_create(&detector)
        guard status == PAPERS_DLIB_OK, let detector else {
            throw RecognitionError(code: .nativeFailure, detail: status == PAPERS_DLIB_OUT_OF_MEMORY
                ? "dlib ran out of memory building its face model" : "dlib could not build its face model")
        }
        return detector
    }

    private static func detect(_ image: Image, layout: Layout, upsample: Int32, threshold: Double, capacity: Int,
                               with detector: OpaquePointer) throws(RecognitionError) -> [DetectedFace] {
        var found = [papers_dlib_face](repeating: papers_dlib_face(), count: max(1, capacity))
        var count: Int32 = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            found.withUnsafeMutableBufferPointer { faces in
                papers_dlib_detect(detector, pixels.baseAddress, pixels.count, layout.width, layout.height, layout.stride,
                                   layout.format, upsample, threshold, faces.baseAddress, Int32(faces.count), &count)
            }
        }
        try check(status, doing: "dlib's face detector")
        return found.prefix(Int(min(count, Int32(found.count)))).map {
            DetectedFace(x: $0.left, y: $0.top, width: $0.width, height: $0.height, score: $0.score)
        }
    }

    // MARK: Models

    /// A shape predictor loaded once per process (dlib keeps it; the handle is never freed).
    struct ShapePredictor: @unchecked Sendable {
        // Safety: the pointer is to a predictor dlib never frees or changes after loading; the
        // shim's landmark function only reads it and is safe from any number of threads.
        fileprivate let handle: OpaquePointer
        /// The number of landmarks it places.
        let points: Int
    }

    /// dlib's face descriptor network, loaded once per process.
    struct FaceNet: @unchecked Sendable {
        // Safety: the shim gives every run its own copy of the network (a pool behind a mutex), so
        // the shared handle is only read.
        fileprivate let handle: OpaquePointer
    }

    /// The shape predictor in the file at `path`, loaded on first use in the process.
    ///
    /// - Throws: ``RecognitionError/Code/modelMissing`` when the file cannot be opened,
    ///   ``RecognitionError/Code/modelCorrupt`` when it is not a shape predictor.
    static func shapePredictor(at path: String) throws(RecognitionError) -> ShapePredictor {
        var handle: OpaquePointer?
        try check(papers_dlib_shape_predictor_load(path, &handle), doing: "loading a shape predictor", model: path)
        guard let handle else { throw RecognitionError(code: .nativeFailure, detail: "dlib returned no shape predictor") }
        return ShapePredictor(handle: handle, points: Int(papers_dlib_shape_predictor_points(handle)))
    }

    /// dlib's descriptor network in the file at `path`, loaded on first use in the process.
    ///
    /// - Throws: as ``shapePredictor(at:)``.
    static func faceNet(at path: String) throws(RecognitionError) -> FaceNet {
        var handle: OpaquePointer?
        try check(papers_dlib_face_net_load(path, &handle), doing: "loading the face descriptor network", model: path)
        guard let handle else { throw RecognitionError(code: .nativeFailure, detail: "dlib returned no network") }
        return FaceNet(handle: handle)
    }

    // MARK: Landmarks, alignment, descriptor

    /// The predictor's landmarks on `face` in `image`, in the image's pixels.
    static func landmarks(of face: DetectedFace, in image: Image, with predictor: ShapePredictor) throws(RecognitionError) -> [Point] {
        let layout = try Layout(image)
        let box = [face.x, face.y, face.width, face.height]
        var points = [Double](repeating: 0, count: 2 * max(1, predictor.points))
        var count: Int32 = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            box.withUnsafeBufferPointer { box in
                points.withUnsafeMutableBufferPointer { points in
                    papers_dlib_landmarks(predictor.handle, pixels.baseAddress, pixels.count, layout.width, layout.height,
                                          layout.stride, layout.format, box.baseAddress, points.baseAddress,
                                          Int32(points.count / 2), &count)
                }
            }
        }
        try check(status, doing: "dlib's shape predictor")
        return (0..<Int(count)).map { Point(x: points[2 * $0], y: points[2 * $0 + 1]) }
    }

    /// The face with `landmarks` (5 or 68 of them) cut out of `image` and aligned as dlib's
    /// descriptor expects: a `size`×`size` RGB image with `padding` of the face around the landmarks.
    static func chip(of landmarks: [Point], in image: Image, size: Int, padding: Double) throws(RecognitionError) -> Image {
        let layout = try Layout(image)
        let points = landmarks.flatMap { [$0.x, $0.y] }
        var chip = [UInt8](repeating: 0, count: size * size * 3)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            points.withUnsafeBufferPointer { points in
                chip.withUnsafeMutableBufferPointer { chip in
                    papers_dlib_face_chip(pixels.baseAddress, pixels.count, layout.width, layout.height, layout.stride,
                                          layout.format, points.baseAddress, Int32(landmarks.count), Int32(size), padding,
                                          chip.baseAddress, chip.count)
                }
            }
        }
        try check(status, doing: "dlib's face alignment")
        guard let image = Image(width: size, height: size, format: .rgb, pixels: chip) else {
            throw RecognitionError(code: .nativeFailure, detail: "dlib's face chip has the wrong size")
        }
        return image
    }

    /// dlib's 128 descriptor values of an aligned 150×150 chip (as ``chip(of:in:size:padding:)``
    /// makes it with size 150 and padding 0.25).
    static func descriptor(of chip: Image, with net: FaceNet) throws(RecognitionError) -> [Float] {
        guard chip.width == chipSize, chip.height == chipSize, chip.format == .rgb else {
            throw RecognitionError(code: .invalidInput, detail: "the descriptor reads a 150×150 RGB face chip")
        }
        let packed = chip.packed
        var values = [Float](repeating: 0, count: descriptorLength)
        let status = packed.pixels.withUnsafeBufferPointer { pixels in
            values.withUnsafeMutableBufferPointer { values in
                papers_dlib_face_descriptor(net.handle, pixels.baseAddress, pixels.count, values.baseAddress)
            }
        }
        try check(status, doing: "dlib's face descriptor")
        return values
    }

    // MARK: Plumbing

    /// An image's layout in the shim's terms.
    private struct Layout {
        let width: Int32, height: Int32, stride: Int32
        let format: papers_dlib_pixel_format

        init(_ image: Image) throws(RecognitionError) {
            guard let width = Int32(exactly: image.width), let height = Int32(exactly: image.height),
                  let stride = Int32(exactly: image.bytesPerRow) else {
                throw RecognitionError(code: .invalidInput, detail: "the image is too large for dlib")
            }
            self.width = width
            self.height = height
            self.stride = stride
            switch image.format {
            case .gray: format = PAPERS_DLIB_PIXELS_GRAY
            case .rgb: format = PAPERS_DLIB_PIXELS_RGB
            case .rgba: format = PAPERS_DLIB_PIXELS_RGBA
            }
        }
    }

    /// Turns a shim status into a typed error. `model` names the model file a load read.
    private static func check(_ status: papers_dlib_status, doing what: String, model: String? = nil) throws(RecognitionError) {
        switch status {
        case PAPERS_DLIB_OK: return
        case PAPERS_DLIB_INVALID_ARGUMENT: throw RecognitionError(code: .invalidInput, detail: "\(what) refused the input")
        case PAPERS_DLIB_OUT_OF_MEMORY: throw RecognitionError(code: .nativeFailure, detail: "\(what) ran out of memory")
        case PAPERS_DLIB_MODEL_MISSING:
            throw RecognitionError(code: .modelMissing, detail: "cannot open \(model ?? "the model file") (\(what))")
        case PAPERS_DLIB_MODEL_CORRUPT:
            throw RecognitionError(code: .modelCorrupt, detail: "\(model ?? "the model file") is not the model dlib expects (\(what))")
        default: throw RecognitionError(code: .nativeFailure, detail: "\(what) failed")
        }
    }
}
