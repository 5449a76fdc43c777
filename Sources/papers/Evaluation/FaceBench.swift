import ArgumentParser
import Foundation
import PapersCapture
import PapersFacesDlib
import PapersImaging
import PapersRecognition

/// `papers bench faces IMAGE...`: detection, landmarks and descriptor of the largest face of each
/// photo, stage by stage, for a side-by-side run with dlib called from C++
/// (`Benchmarks/peers/dlib_faces.cpp`, the pipeline of Python's `face_recognition`).
struct FaceBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "faces",
        abstract: "Time face detection, landmarks and the descriptor per photo on one thread (decoding excluded).",
        discussion: """
        Each photo is searched whole, as given, by dlib's HOG detector without enlarging it; the \
        largest face gets the 5 landmarks, the aligned 150×150 chip and the 128-D descriptor. \
        Prints the median milliseconds of each stage over the photos' medians. --passive also \
        times the passive liveness signals of one frame (the screen pattern, the border and the \
        specular highlight) given the face found.
        """
    )

    @Option(help: "Timed runs per photo.") var iterations = 5
    @Option(help: "The directory of dlib's face model files.") var models: String?
    @Flag(help: "Print the result as JSON.") var json = false
    @Flag(help: "Also time the passive liveness signals of each photo as one frame.") var passive = false
    @Argument(help: "JPEG or PNG photos with one face or more.") var images: [String]

    /// The figures: medians over the photos of each photo's median time per stage.
    struct Figures: Codable {
        let photos: Int
        let iterations: Int
        let detectMs: Double
        let landmarksMs: Double
        let chipMs: Double
        let descriptorMs: Double
        let totalMs: Double
        /// The passive signals of one frame, with `--passive`.
        var passiveMs: Double?
    }

    func run() async throws {
        guard iterations > 0, !images.isEmpty else { throw CLIOutput.fail("give photos and --iterations of at least 1", code: 64) }
        let detector = DlibFaceDetector(configuration: {
            var c = DlibFaceDetector.Configuration()
            c.upsampledRetryMaximumPixels = 0
            return c
        }())
        let embedder: DlibFaceEmbedder
        do {
            embedder = try DlibFaceEmbedder(models: models.map(DlibFaceModels.init(directory:)) ?? .standard())
            try DlibFaceDetector.prepare()
        } catch {
            throw CLIOutput.fail(error.description, code: 70)
        }
        var stages: [[Double]] = [[], [], [], [], [], []]
        for path in images {
            let photo = try CLIImages.load(path)
            var times: [[Double]] = [[], [], [], [], [], []]
            for run in 0...iterations {
                do {
                    let clock = ContinuousClock()
                    let start = clock.now
                    guard let face = try detector.detectFaces(in: photo).first else {
                        throw CLIOutput.fail("\(path): no face found", code: 65)
                    }
                    let detected = clock.now
                    let points = try embedder.landmarks(of: face, in: photo)
                    let placed = clock.now
                    let chip = try embedder.chip(aligning: points, in: photo)
                    let aligned = clock.now
                    _ = try embedder.descriptor(ofChip: chip)
                    let described = clock.now
                    guard run > 0 else { continue }  // warm-up
                    let stepTimes = [BenchTiming.milliseconds(detected - start), BenchTiming.milliseconds(placed - detected),
                                     BenchTiming.milliseconds(aligned - placed), BenchTiming.milliseconds(described - aligned)]
                    for (i, t) in stepTimes.enumerated() { times[i].append(t) }
                    times[4].append(stepTimes.reduce(0, +))
                    if passive {
                        let frame = PassiveLivenessFrame(image: photo, faces: [face], landmarks: points)
                        let before = clock.now
                        _ = PassiveSignalModel().assess([frame])
                        times[5].append(BenchTiming.milliseconds(clock.now - before))
                    }
                } catch let error as RecognitionError {
                    throw CLIOutput.fail("\(path): \(error.description)", code: 70)
                }
            }
            for i in 0..<6 where !times[i].isEmpty { stages[i].append(Self.median(times[i])) }
        }
        let figures = Figures(photos: images.count, iterations: iterations, detectMs: Self.median(stages[0]),
                              landmarksMs: Self.median(stages[1]), chipMs: Self.median(stages[2]),
                              descriptorMs: Self.median(stages[3]), totalMs: Self.median(stages[4]),
                              passiveMs: passive ? Self.median(stages[5]) : nil)
        if json {
            try CLIOutput.printJSON(figures, pretty: false)
        } else {
            print(String(format: "faces (%d photos): detect %.2f ms, landmarks %.2f ms, chip %.2f ms, descriptor %.2f ms, total %.2f ms",
                         figures.photos, figures.detectMs, figures.landmarksMs, figures.chipMs, figures.descriptorMs, figures.totalMs))
            if let passiveMs = figures.passiveMs { print(String(format: "passive liveness signals: %.2f ms per frame", passiveMs)) }
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
