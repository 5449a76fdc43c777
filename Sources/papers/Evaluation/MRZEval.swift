import ArgumentParser
import Foundation
import PapersImaging
import PapersImagingCodecs
import PapersRecognition
import PapersSynthesis

/// `papers eval mrz`: MRZ read rate on synthetic identity-document photos.
struct MRZEval: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mrz",
        abstract: "Score the MRZ reading on passport, ID-card and visa photos: synthesised in memory, or a set 'papers synth' wrote.",
        discussion: """
        With DIR, the photos are the set in that folder (its truth.jsonl, as 'papers synth \
        --documents identity' writes it, with any --renderer); without, they are drawn in memory \
        by --renderer ('atlas', the project's own generator, 'atlas-touching', the same with heavy, \
        large or off-pitch MRZ print whose characters touch, 'atlas-varied', the same at every size, pitch \
        and finish (laser-engraved, inkjet, over a guilloche), or 'freetype', the independent \
        renderer held out from tuning) and passed through JPEG at their own quality. \
        A photo counts as readable by a person unless it is heavily blurred, the document is cut \
        off, the exposure is far off (gain outside 0.6–1.4, the ~10% made too dark or bright on purpose), \
        or a glare spot washes out some of the MRZ's characters. 'exact' means the reading is verified (every check digit holds, no uncertain character) \
        and equals the truth; 'wrong but verified' counts verified readings that differ from the \
        truth (the number that must stay 0).
        """
    )

    @Argument(help: "A folder written by 'papers synth --documents identity' (truth.jsonl and the photos); when given, --count, --seed, --size and --renderer are not used.")
    var directory: String?
    @Option(name: .long, help: "What draws the photos in memory: 'atlas' (the project's own generator), 'atlas-touching' (the same, its MRZ characters touching), 'atlas-varied' (the same at every size, pitch and finish) or 'freetype' (FreeType and the system OCR-B font, held out from tuning).")
    var renderer: MRZRenderer = .atlas
    @Option(name: .long, help: "How many photos.") var count = 200
    @Option(name: .long, help: "The random seed of the set.") var seed: UInt64 = 5
    @Option(name: .long, help: "Frame size, WIDTHxHEIGHT.") var size = "1920x1080"
    @Flag(name: .long, help: "Score both renderers on the same seeds and sizes, side by side (in memory).") var compare = false
    @Flag(name: .long, help: "Print the scores as JSON.") var json = false
    @Flag(name: .long, help: "List each readable photo not read exactly on stderr.") var verbose = false

    func run() async throws {
        guard count > 0 else { throw CLIOutput.fail("--count must be at least 1", code: 64) }
        if compare {
            guard directory == nil else { throw CLIOutput.fail("--compare draws both sets in memory: give no DIR", code: 64) }
            let atlas = try evaluate(.atlas).summary, freetype = try evaluate(.freetype).summary
            if json {
                try CLIOutput.printJSON(["atlas": atlas, "freetype": freetype], pretty: false)
            } else {
                print(MRZScore.Summary.sideBySide(("atlas (tuned on)", atlas), ("freetype (held out)", freetype)))
            }
            return
        }
        let score = try evaluate(renderer)
        if json { try CLIOutput.printJSON(score.summary, pretty: false) } else { print(score.summary.text) }
    }

    /// Scores the set in DIR, or `count` photos drawn by `renderer`.
    func evaluate(_ renderer: MRZRenderer) throws -> MRZScore {
        let frameSize = try FrameSize.parse(size)
        let entries = try directory.map(Self.entries(in:))
        let total = entries?.count ?? count
        let scanner = DocumentScanner(mrzReader: try MRZReader.bundled())
        var score = MRZScore()
        let progress = ProgressBar(total: total, label: "eval")
        for index in 0..<total {
            let truth: SyntheticPhotoTruth
            let frame: Image
            var name = "photo \(index)"
            if let directory, let entry = entries?[index] {
                frame = try CLIImages.load("\(directory)/\(entry.file)")
                truth = entry.truth
                name = entry.file
            } else {
                let photo = try renderer.identityPhoto(seed: seed, index: index, width: frameSize.width, height: frameSize.height).photo
                frame = try CLIImages.asDelivered(photo)
                truth = photo.truth
            }
            let start = ContinuousClock.now
            let side = scanner.scanSide(frame)
            let elapsed = ContinuousClock.now - start
            let outcome = score.add(side.mrz, truth: truth, milliseconds: Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
            if verbose, let outcome {
                if let mrz = side.mrz, let expected = truth.mrzLines {
                    if mrz.lines != expected { FileHandle.standardError.write(Data("  read  \(mrz.lines)\n  truth \(expected)\n".utf8)) }
                    // Each uncertain character: line:column, the character read and its confidence.
                    let unsure = mrz.uncertainPositions.map { position in
                        let (l, c) = (position.line - 1, position.column - 1)
                        return "\(position.line):\(position.column) \(Array(mrz.lines[l])[c])" + String(format: " %.2f", mrz.confidences[l][c])
                    }
                    if !unsure.isEmpty { FileHandle.standardError.write(Data("  unsure \(unsure.joined(separator: ", "))\n".utf8)) }
                }
                let failed = side.mrz.map { "failed \($0.failedChecks), uncertain \($0.uncertainPositions.count)" } ?? "\(side.mrzError?.description ?? "no reading")"
                FileHandle.standardError.write(Data("\(name) (\(truth.kind.rawValue), \(truth.background.rawValue), sigma \(String(format: "%.1f", truth.blurSigma)), motion \(String(format: "%.0f", truth.motionBlurLength)), glare \(truth.glare)): \(outcome); \(failed)\n".utf8))
            }
            progress.advance()
        }
        progress.finish()
        return score
    }

    /// The photos of a set `papers synth` wrote that carry an MRZ, from its truth.jsonl.
    static func entries(in directory: String) throws -> [SynthEntry] {
        let path = "\(directory)/truth.jsonl"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIOutput.fail("cannot read \(path): write a set with 'papers synth --documents identity --out \(directory)'", code: 66)
        }
        var entries: [SynthEntry] = []
        for (number, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() where !line.isEmpty {
            guard let entry = try? JSONDecoder().decode(SynthEntry.self, from: Data(line)) else {
                throw CLIOutput.fail("\(path) line \(number + 1): not a papers synth truth entry", code: 65)
            }
            if entry.truth.mrzLines != nil { entries.append(entry) }
        }
        guard !entries.isEmpty else {
            throw CLIOutput.fail("\(path) lists no photo with an MRZ: write the set with --documents identity", code: 65)
        }
        return entries
    }
}

/// Tallies of the MRZ evaluation.
struct MRZScore {
    struct Summary: Encodable {
        let photos: Int
        let readable: Int
        let exact: Int
        let exactRate: Double
        let linesRightButUnverified: Int
        let wrongButVerified: Int
        let unreadableAllPhotosExact: Int
        let medianMs: Double
        /// The time the slowest 5% of the photos take at least, and the slowest photo's.
        let p95Ms: Double
        let maxMs: Double

        /// Two summaries in two columns.
        static func sideBySide(_ left: (String, Summary), _ right: (String, Summary)) -> String {
            let rows: [(String, (Summary) -> String)] = [
                ("photos", { "\($0.photos)" }), ("readable by a person", { "\($0.readable)" }),
                ("read exactly", { "\($0.exact) (\(String(format: "%.1f", $0.exactRate * 100))%)" }),
                ("right but unverified", { "\($0.linesRightButUnverified)" }), ("wrong but verified", { "\($0.wrongButVerified)" }),
                ("median time per photo", { "\(String(format: "%.1f", $0.medianMs)) ms" }),
                ("95th percentile", { "\(String(format: "%.1f", $0.p95Ms)) ms" }),
                ("slowest photo", { "\(String(format: "%.1f", $0.maxMs)) ms" }),
            ]
            let pad = { (text: String, width: Int) in text.padding(toLength: width, withPad: " ", startingAt: 0) }
            return ([pad("", 23) + pad(left.0, 22) + right.0] + rows.map { pad($0.0, 23) + pad($0.1(left.1), 22) + $0.1(right.1) })
                .joined(separator: "\n")
        }

        var text: String {
            """
            photos                 \(photos)
            readable by a person   \(readable)
            read exactly           \(exact) (\(String(format: "%.1f", exactRate * 100))% of readable; goal 98%)
            right but unverified   \(linesRightButUnverified)
            wrong but verified     \(wrongButVerified) (goal 0)
            heavy-blur photos read \(unreadableAllPhotosExact)
            median time per photo  \(String(format: "%.1f", medianMs)) ms (analysis + MRZ)
            95th percentile        \(String(format: "%.1f", p95Ms)) ms; slowest photo \(String(format: "%.1f", maxMs)) ms
            """
        }
    }

    var photos = 0, readable = 0, exact = 0, rightUnverified = 0, wrongVerified = 0, hardExact = 0
    var times: [Double] = []

    /// Scores one reading; returns what went wrong on a readable photo, or `nil`.
    mutating func add(_ reading: MRZReading?, truth: SyntheticPhotoTruth, milliseconds: Double) -> String? {
        photos += 1
        times.append(milliseconds)
        let isReadable = truth.isReadableByPerson
        if isReadable { readable += 1 }
        let linesRight = reading?.lines == truth.mrzLines
        let verified = reading?.isVerified ?? false
        if verified && !linesRight {
            wrongVerified += 1
            return "WRONG BUT VERIFIED"
        }
        if verified && linesRight {
            if isReadable { exact += 1 } else { hardExact += 1 }
            return nil
        }
        if linesRight { rightUnverified += 1 }
        guard isReadable else { return nil }
        if reading == nil { return "no reading" }
        return linesRight ? "right but unverified" : "wrong, flagged"
    }

    var summary: Summary {
        let sorted = times.sorted()
        return Summary(photos: photos, readable: readable, exact: exact,
                       exactRate: readable == 0 ? 0 : Double(exact) / Double(readable),
                       linesRightButUnverified: rightUnverified, wrongButVerified: wrongVerified,
                       unreadableAllPhotosExact: hardExact, medianMs: sorted.isEmpty ? 0 : sorted[sorted.count / 2],
                       p95Ms: sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * 95 / 100)], maxMs: sorted.last ?? 0)
    }
}
