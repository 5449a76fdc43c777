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
        abstract: "Synthesise passport, ID-card and visa photos in memory and score the MRZ reading on them.",
        discussion: """
        A photo counts as readable by a person unless it is heavily blurred, the document is cut \
        off, the exposure is far off (gain outside 0.6–1.4, the ~10% made too dark or bright on purpose), \
        or a glare spot washes out some of the MRZ's characters. 'exact' means the reading is verified (every check digit holds, no uncertain character) \
        and equals the truth; 'wrong but verified' counts verified readings that differ from the \
        truth (the number that must stay 0).
        """
    )

    @Option(name: .long, help: "How many photos.") var count = 200
    @Option(name: .long, help: "The random seed of the set.") var seed: UInt64 = 5
    @Option(name: .long, help: "Frame size, WIDTHxHEIGHT.") var size = "1920x1080"
    @Flag(name: .long, help: "Print the scores as JSON.") var json = false
    @Flag(name: .long, help: "List each readable photo not read exactly on stderr.") var verbose = false

    func run() async throws {
        let frame = try FrameSize.parse(size)
        guard count > 0 else { throw CLIOutput.fail("--count must be at least 1", code: 64) }
        let set = IdentityPhotoSet(width: frame.width, height: frame.height)
        let scanner = DocumentScanner(mrzReader: try MRZReader.bundled())
        var score = MRZScore()
        let progress = ProgressBar(total: count, label: "eval")
        for index in 0..<count {
            let (photo, _) = set.photo(seed: seed, index: index)
            let frame = try CLIImages.asDelivered(photo)
            let start = ContinuousClock.now
            let side = scanner.scanSide(frame)
            let elapsed = ContinuousClock.now - start
            let outcome = score.add(side.mrz, truth: photo.truth, milliseconds: Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
            if verbose, let outcome {
                if outcome.hasPrefix("WRONG"), let lines = side.mrz?.lines, let truth = photo.truth.mrzLines {
                    FileHandle.standardError.write(Data("  read  \(lines)\n  truth \(truth)\n".utf8))
                }
                let failed = side.mrz.map { "failed \($0.failedChecks), uncertain \($0.uncertainPositions.count)" } ?? "\(side.mrzError?.description ?? "no reading")"
                FileHandle.standardError.write(Data("photo \(index) (\(photo.truth.kind.rawValue), \(photo.truth.background.rawValue), sigma \(String(format: "%.1f", photo.truth.blurSigma)), motion \(String(format: "%.0f", photo.truth.motionBlurLength)), glare \(photo.truth.glare)): \(outcome); \(failed)\n".utf8))
            }
            progress.advance()
        }
        progress.finish()
        if json { try CLIOutput.printJSON(score.summary, pretty: false) } else { print(score.summary.text) }
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

        var text: String {
            """
            photos                 \(photos)
            readable by a person   \(readable)
            read exactly           \(exact) (\(String(format: "%.1f", exactRate * 100))% of readable; goal 98%)
            right but unverified   \(linesRightButUnverified)
            wrong but verified     \(wrongButVerified) (goal 0)
            heavy-blur photos read \(unreadableAllPhotosExact)
            median time per photo  \(String(format: "%.1f", medianMs)) ms (analysis + MRZ)
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
                       unreadableAllPhotosExact: hardExact, medianMs: sorted.isEmpty ? 0 : sorted[sorted.count / 2])
    }
}
