import ArgumentParser
import Foundation
import PapersCapture
import PapersCore
import PapersImaging
import PapersImagingCodecs
import PapersSynthesis

/// `papers synth`: synthetic document photos with ground truth.
struct SynthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Write synthetic document photos (JPEG) with their ground truth (JSON) for evaluation.",
        discussion: "Each photo N gets N.jpg and N.json; truth.jsonl lists them all. The same seed always gives the same set. Identity documents: 'papers eval mrz DIR' scores MRZ reading on them. Licence backs: 'papers eval barcode' scores PDF417 reading on them."
    )

    @Option(name: .long, help: "How many photos.") var count = 20
    @Option(name: .long, help: "The random seed of the set.") var seed: UInt64 = 1
    @Option(name: .long, help: "Frame size, WIDTHxHEIGHT.") var size = "1280x720"
    @Option(name: .long, help: "Output folder (created when missing).") var out: String
    @Option(name: .long, help: "What the photos show: 'capture' (cards, passport pages and paper with MRZ-like marks, for the capture analysis), 'identity' (passports, ID cards and visas with a real MRZ) or 'licence' (driving-licence backs with a real PDF417 of an AAMVA payload, recorded base64 in the truth's barcodePayload), 'licence-front' (the fronts of the same licences, printed with AAMVA's field numbers; truth in the keys of 'papers scan --json'), 'receipt' (thermal receipts, truth in the receipt JSON's keys) or 'w2' (Form W-2 photos, truth in the W-2 JSON's keys).")
    var documents: String?
    @Option(name: .long, help: "What draws identity documents: 'atlas' (the project's own generator, the default), 'atlas-touching' (the same, its MRZ characters touching), 'atlas-varied' (the same, its MRZ printed at every size, pitch and finish: laser-engraved, inkjet, over a guilloche) or 'freetype' (the independent renderer: FreeType and the system OCR-B font from Debian's fonts-ocr-b, never tuned on). All but 'atlas' imply --documents identity.")
    var renderer: MRZRenderer = .atlas
    @Option(name: .long, help: "Write a camera feed instead of photos: 'slide-in' (a passport page slides into view, shakes, holds still), 'glare-away' (glare over the MRZ moves away) or 'never-steady' (it shakes throughout). Frames frame-NNN.jpg and sequence.json with the truth; --count is ignored.")
    var sequence: CaptureSequenceKind?
    @Option(name: .long, help: "Frames a second of a --sequence.") var fps = 10
    @Option(name: .long, help: "With --sequence, also write the feed as a YUV4MPEG2 video (what Chromium's fake camera plays) to this file; the video holds the last frame three seconds more.")
    var video: String?
    @Option(name: .long, help: "Receipts, W-2 forms and licence fronts: 'tuning' (the fonts and layouts the extractors were tuned on), 'held-out' (other fonts, layouts and wordings, never tuned on) or, for licence fronts only, 'development' (a third layout the extractor is developed on: labels above or left of their values, unnumbered names, coloured backgrounds, Liberation fonts).")
    var variant: ReceiptPhotoSet.Variant = .tuning
    @Option(name: .long, help: "A folder of face photos (JPEG/PNG) printed as the documents' portraits, cropped around the face dlib finds: photo N takes the folder's photos in name order, in turn; the truth's 'portrait' names it. Capture and identity documents drawn by the atlas renderer; needs dlib's face detector only.")
    var portraits: String?
    @Option(name: .long, help: "Write selfie frames instead: the gestures (left, right, up, down, blink, smile, comma-separated) rendered in order from the one photo --face by warping it along dlib's 68 landmarks. Frames frame-NNN.jpg at --fps and liveness.json with each frame's gesture. A test device for 'papers liveness', not a model of real attacks.")
    var liveness: String?
    @Option(name: .long, help: "The face photo --liveness renders.") var face: String?
    @Option(name: .long, help: "The directory of dlib's face model files (--liveness).") var models: String?

    func run() async throws {
        if let liveness {
            guard sequence == nil, portraits == nil else { throw CLIOutput.fail("--liveness goes without --sequence and --portraits", code: 64) }
            return try writeLiveness(liveness)
        }
        let frame = try FrameSize.parse(size)
        if let sequence {
            return try writeSequence(sequence, frame: frame)
        }
        guard video == nil else { throw CLIOutput.fail("--video needs --sequence", code: 64) }
        guard count > 0 else { throw CLIOutput.fail("--count must be at least 1", code: 64) }
        let documents = documents ?? (renderer == .atlas ? "capture" : "identity")
        guard ["capture", "identity", "licence", "licence-front", "receipt", "w2"].contains(documents) else {
            throw CLIOutput.fail("--documents must be 'capture', 'identity', 'licence', 'licence-front', 'receipt' or 'w2'", code: 64)
        }
        guard variant != .development || documents == "licence-front" else {
            throw CLIOutput.fail("--variant development is for --documents licence-front only", code: 64)
        }
        if documents == "licence-front" {
            try TextDocumentSynth(documents: documents, count: count, seed: seed, width: frame.width, height: frame.height,
                                  variant: variant, out: out).run()
            return
        }
        if documents == "receipt" || documents == "w2" {
            // Receipts are portrait photos: the default landscape frame is turned.
            let width = size == "1280x720" ? (documents == "receipt" ? 1200 : 2400) : frame.width
            let height = size == "1280x720" ? (documents == "receipt" ? 1800 : 1600) : frame.height
            try TextDocumentSynth(documents: documents, count: count, seed: seed, width: width, height: height,
                                  variant: variant, out: out).run()
            return
        }
        guard renderer == .atlas || documents == "identity" else {
            throw CLIOutput.fail("--renderer \(renderer.rawValue) draws identity documents only: use --documents identity", code: 64)
        }
        var faces: [SyntheticPortrait] = []
        if let portraits {
            guard renderer == .atlas, documents == "capture" || documents == "identity" else {
                throw CLIOutput.fail("--portraits goes on capture and identity documents of the atlas renderer", code: 64)
            }
            let loaded = try SynthPortraits.load(portraits)
            guard !loaded.portraits.isEmpty else { throw CLIOutput.fail("no photo in \(portraits) shows one face", code: 65) }
            if loaded.skipped > 0 {
                FileHandle.standardError.write(Data("synth: \(loaded.skipped) photos without one clear face left out\n".utf8))
            }
            faces = loaded.portraits
        }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        var configuration = PhotoSynthesizer.Configuration()
        configuration.width = frame.width
        configuration.height = frame.height
        let synthesizer = PhotoSynthesizer(configuration: configuration)
        let licences = LicencePhotoSet(width: frame.width, height: frame.height)
        var manifest = Data()
        let progress = ProgressBar(total: count, label: "synth")
        for index in 0..<count {
            let photo: SyntheticPhoto
            var style: IndependentMRZStyle?
            let portrait = faces.isEmpty ? nil : faces[index % faces.count]
            switch documents {
            case "identity":
                (photo, style) = try renderer.identityPhoto(seed: seed, index: index, width: frame.width, height: frame.height, portrait: portrait)
            case "licence": photo = try licences.photo(seed: seed, index: index).photo
            default: photo = synthesizer.photo(seed: seed, index: index, print: portrait.map { SyntheticPrint(portrait: $0) })
            }
            let name = String(format: "%05d", index)
            try CLIImages.save(photo.image, to: "\(out)/\(name).jpg", quality: photo.truth.jpegQuality)
            let truth = try CLIOutput.encoder(pretty: false).encode(SynthEntry(file: "\(name).jpg", truth: photo.truth,
                                                                                       renderer: documents == "identity" ? renderer.rawValue : nil,
                                                                                       mrzStyle: style))
            try truth.write(to: URL(fileURLWithPath: "\(out)/\(name).json"))
            manifest.append(truth)
            manifest.append(Data("\n".utf8))
            progress.advance()
        }
        try manifest.write(to: URL(fileURLWithPath: "\(out)/truth.jsonl"))
        progress.finish()
    }
}

extension SynthCommand {
    /// Writes the camera feed `kind`: its frames, `sequence.json` and, with `--video`, a Y4M video.
    func writeSequence(_ kind: CaptureSequenceKind, frame: (width: Int, height: Int)) throws {
        guard (1...60).contains(fps) else { throw CLIOutput.fail("--fps must be between 1 and 60", code: 64) }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let feed = CaptureSequence(kind: kind, seed: seed, width: frame.width, height: frame.height, framesPerSecond: fps)
        var movie = video.map { _ in Y4MVideo(width: frame.width, height: frame.height, framesPerSecond: fps) }
        var files: [String] = []
        for item in feed.frames {
            let name = String(format: "frame-%03d.jpg", item.truth.index)
            try CLIImages.save(item.image, to: "\(out)/\(name)", quality: 92)
            movie?.append(item.image)
            files.append(name)
        }
        // The video then holds its last frame for three seconds: a camera that a player loops
        // still shows the settled document for a while.
        if let last = feed.frames.last { for _ in 0..<(3 * fps) { movie?.append(last.image) } }
        if let video, let movie { try Data(movie.bytes).write(to: URL(fileURLWithPath: video)) }
        let truth = SequenceTruth(kind: kind, framesPerSecond: fps, steadyFrom: feed.steadyFrom, readableFrom: feed.readableFrom,
                                  earliestCapture: feed.earliestCapture(steadyDuration: AutoCapturePolicy().steadyDuration),
                                  mrzLines: feed.identity.mrzLines, document: feed.identity.document,
                                  frames: zip(files, feed.frames).map { SequenceTruth.Frame(file: $0, truth: $1.truth) })
        try CLIOutput.encoder(pretty: true).encode(truth).write(to: URL(fileURLWithPath: "\(out)/sequence.json"))
    }
}

/// `sequence.json` of a camera feed written by `papers synth --sequence`.
struct SequenceTruth: Codable {
    /// What happens in the feed.
    let kind: CaptureSequenceKind
    /// Frames a second.
    let framesPerSecond: Int
    /// The first frame of the final stretch in which the document holds still.
    let steadyFrom: Int?
    /// The first frame from which every frame shows the whole document with its MRZ free of glare.
    let readableFrom: Int?
    /// The earliest frame the default auto-capture policy may capture.
    let earliestCapture: Int?
    /// The MRZ printed on the page.
    let mrzLines: [String]
    /// The data the MRZ carries.
    let document: DocumentData
    /// Every frame's file and truth.
    let frames: [Frame]

    /// One frame of the feed.
    struct Frame: Codable {
        /// The frame's file name in the folder.
        let file: String
        /// What the frame shows.
        let truth: CaptureSequenceFrame.Truth
    }
}

/// One line of `truth.jsonl`.
struct SynthEntry: Codable {
    /// The photo's file name in the set's folder.
    let file: String
    /// What the photo shows.
    let truth: SyntheticPhotoTruth
    /// The renderer that drew an identity document (`atlas`, `freetype`).
    var renderer: String?
    /// How the independent renderer printed the MRZ.
    var mrzStyle: IndependentMRZStyle?
}

/// A progress bar on stderr (only when stderr is a terminal).
final class ProgressBar: @unchecked Sendable {
    // Safety: used from one task at a time by the command that owns it.
    private let total: Int
    private let label: String
    private var done = 0
    private let enabled = isatty(2) == 1

    init(total: Int, label: String) {
        self.total = total
        self.label = label
    }

    func advance() {
        done += 1
        guard enabled else { return }
        let width = 30
        let filled = width * done / max(1, total)
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(done)/\(total)".utf8))
    }

    func finish() {
        if enabled { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}

extension CaptureSequenceKind: ExpressibleByArgument {}
