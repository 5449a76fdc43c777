import ArgumentParser
import Foundation
import PapersBarcodesZXing
import PapersImaging
import PapersImagingCodecs
import PapersRecognition
import PapersSynthesis

/// `papers eval barcode`: PDF417 read rate on synthetic licence-back photos, Papers against zxing-cpp.
struct BarcodeEval: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "barcode",
        abstract: "Synthesise driving-licence back photos in memory and score PDF417 reading on them against zxing-cpp.",
        discussion: """
        Each photo is a licence back (the same framing and degradations as 'eval mrz') carrying a \
        PDF417 of a generated AAMVA payload, passed through JPEG at its own quality. Papers reads \
        the whole photo with the DocumentScanner, as 'papers scan' does (capture analysis, the \
        document found and straightened, the MRZ looked for, the barcode ladder; no face detection). \
        The peer is zxing-cpp with one plain pass on the document already straightened with the \
        true corners from the ground truth. A reading counts when a PDF417's bytes equal the \
        payload exactly; a PDF417 with other bytes is a wrong payload (the number that must stay 0). \
        Read rates are over the photos a person could read: not heavily blurred, the document in \
        the frame, exposure within 0.6–1.4, no glare spot saturating part of the barcode. Times \
        are medians per photo: Papers' whole scan, the peer's decode alone.

        --renderer picks who draws the backs: 'atlas' (the default) is the project's own \
        generator, which the PDF417 search was tuned on; 'freetype' is the independent renderer, \
        never tuned on: the symbol drawn module by module at its own module width, row height \
        (2 to 5 modules), error-correction level, quiet zone (from generous to cut off by the \
        card edge) and print texture (ink spread, thermal-head dots, banding), beside a magnetic \
        stripe or printed text, photographed by the independent photographer (the whole card in \
        the frame, perspective, mild blur, noise, light; every photo readable).
        """
    )

    @Option(name: .long, help: "How many photos.") var count = 200
    @Option(name: .long, help: "The random seed of the set.") var seed: UInt64 = 5
    @Option(name: .long, help: "Frame size, WIDTHxHEIGHT.") var size = "1920x1080"
    @Option(name: .long, help: "Who draws the licence backs: atlas (the generator the search was tuned on) or freetype (independent, never tuned on).")
    var renderer: BarcodeRenderer = .atlas
    @Flag(name: .long, help: "Print the scores as JSON.") var json = false
    @Flag(name: .long, help: "List on stderr each readable photo that either reader missed, and every wrong payload.") var verbose = false

    func run() async throws {
        let frame = try FrameSize.parse(size)
        guard count > 0 else { throw CLIOutput.fail("--count must be at least 1", code: 64) }
        let scanner = try ScanCommand.scanner(faces: false)
        let peer = ZXingBarcodeReader(configuration: .singlePass)
        let writer = ZXingBarcodeWriter()
        var score = BarcodeScore()
        let progress = ProgressBar(total: count, label: "eval")
        for index in 0..<count {
            let (photo, licence, printed) = try renderer.photo(seed: seed, index: index, width: frame.width, height: frame.height,
                                                             writer: writer)
            let image = try CLIImages.asDelivered(photo)

            var start = ContinuousClock.now
            let side = scanner.scanSide(image)
            let papersTime = ContinuousClock.now - start
            let papers = side.barcodes.filter { $0.symbology == .pdf417 }.map(\.bytes)

            var peerFound: [[UInt8]] = []
            var peerTime = Duration.zero
            if let quad = Quadrilateral(corners: photo.truth.corners),
               let straightened = DocumentRectifier.rectify(image, quad: quad, maximumWidth: 1400) {
                start = ContinuousClock.now
                peerFound = ((try? peer.read(straightened, symbologies: [.pdf417])) ?? []).map(\.bytes)
                peerTime = ContinuousClock.now - start
            }

            let outcome = score.add(papers: papers, papersTime: papersTime, peer: peerFound, peerTime: peerTime,
                                    payload: licence.payload, truth: photo.truth)
            if verbose, let outcome {
                let truth = photo.truth
                FileHandle.standardError.write(Data("photo \(index) (\(truth.background.rawValue), sigma \(String(format: "%.1f", truth.blurSigma)), motion \(String(format: "%.0f", truth.motionBlurLength)), rotation \(String(format: "%.0f", truth.rotationDegrees)), glare \(truth.glare), document \(side.analysis.documentDetected ? "found" : "not found")\(printed.map { "; " + $0 } ?? "")): \(outcome)\n".utf8))
            }
            progress.advance()
        }
        progress.finish()
        if json { try CLIOutput.printJSON(score.summary, pretty: false) } else { print(score.summary.text) }
    }
}
