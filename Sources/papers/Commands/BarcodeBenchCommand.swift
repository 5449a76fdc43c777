import ArgumentParser
import Foundation
import PapersBarcodesZXing
import PapersImaging
import PapersRecognition

/// `papers bench barcode IMAGE`: barcode reading of one image, decoding of the file excluded.
struct BarcodeBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "barcode",
        abstract: "Time barcode reading (zxing-cpp) of one image on one thread (file decoding excluded).")

    /// Which symbologies to look for.
    enum Symbologies: String, ExpressibleByArgument, CaseIterable {
        case pdf417, qr, all

        var set: Set<BarcodeSymbology> {
            switch self {
            case .pdf417: [.pdf417]
            case .qr: [.qrCode]
            case .all: Set(BarcodeSymbology.allCases)
            }
        }
    }

    @Option(help: "Timed runs.") var iterations = 20
    @Option(help: "Symbologies to look for: pdf417, qr or all.") var symbology: Symbologies = .pdf417
    @Flag(help: "Only zxing's default pass, no retries.") var singlePass = false
    @Flag(help: "Print the result as JSON.") var json = false
    @Argument(help: "A PNG or JPEG image, read as 8-bit gray.") var image: String

    /// The figures printed: the shared bench timing plus the number of symbols found.
    struct Figures: Codable {
        let medianMs: Double
        let minMs: Double
        let iterations: Int
        let width: Int
        let height: Int
        let found: Int
    }

    func run() async throws {
        guard iterations > 0 else { throw CLIOutput.fail("--iterations must be at least 1", code: 64) }
        let frame = try CLIImages.load(image, format: .gray)
        let reader = ZXingBarcodeReader(configuration: singlePass ? .singlePass : .init())
        let symbologies = symbology.set
        let found: Int
        do {
            found = try reader.read(frame, symbologies: symbologies).count
        } catch {
            throw CLIOutput.fail("\(image): \(error.description)", code: 70)
        }
        let timing = BenchTiming.measure(iterations: iterations, width: frame.width, height: frame.height) {
            _ = try? reader.read(frame, symbologies: symbologies)
        }
        let figures = Figures(medianMs: timing.medianMs, minMs: timing.minMs, iterations: timing.iterations,
                              width: timing.width, height: timing.height, found: found)
        if json {
            try CLIOutput.printJSON(figures, pretty: false)
        } else {
            print(String(format: "barcode %dx%d: %d found, median %.2f ms, best %.2f ms over %d runs",
                         frame.width, frame.height, found, figures.medianMs, figures.minMs, iterations))
        }
    }
}
