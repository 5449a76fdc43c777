import ArgumentParser
import Foundation
import PapersImaging

/// `papers eval`: accuracy on the project's synthetic sets.
struct EvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Measure accuracy on synthetic photos with ground truth.",
        subcommands: [CaptureEval.self]
    )
}

/// `papers eval capture`: corners, blur and glare verdicts against the truth of synthetic photos.
struct CaptureEval: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Synthesise photos in memory and score the capture analysis on them."
    )

    @Option(name: .long, help: "How many photos.") var count = 200
    @Option(name: .long, help: "The random seed of the set.") var seed: UInt64 = 7
    @Option(name: .long, help: "Frame size, WIDTHxHEIGHT.") var size = "1280x720"
    @Flag(name: .long, help: "Print the scores as JSON.") var json = false
    @Flag(name: .long, help: "List each photo the analysis got wrong on stderr.") var verbose = false

    func run() async throws {
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] >= 64, parts[1] >= 64 else { throw CLIOutput.fail("--size must be WIDTHxHEIGHT", code: 64) }
        var configuration = PhotoSynthesizer.Configuration()
        configuration.width = parts[0]
        configuration.height = parts[1]
        let synthesizer = PhotoSynthesizer(configuration: configuration)
        let analyzer = CaptureAnalyzer()
        var score = CaptureScore()
        let progress = ProgressBar(total: count, label: "eval")
        for index in 0..<count {
            let photo = synthesizer.photo(seed: seed, index: index)
            let analysis = analyzer.analyze(photo.image).analysis
            let problems = score.add(analysis, truth: photo.truth)
            if verbose && !problems.isEmpty {
                FileHandle.standardError.write(Data("photo \(index) (\(photo.truth.kind.rawValue) on \(photo.truth.background.rawValue)): \(problems.joined(separator: "; "))\n".utf8))
            }
            progress.advance()
        }
        progress.finish()
        if json { try CLIOutput.printJSON(score.summary, pretty: false) } else { print(score.summary.text) }
    }
}

/// Running tallies of the capture evaluation.
struct CaptureScore {
    var inFrame = 0, cornersRight = 0, detectedInFrame = 0
    var heavyBlur = 0, heavyBlurFlagged = 0, sharp = 0, sharpUnflagged = 0
    var glare = 0, glareFlagged = 0, noGlare = 0, noGlareUnflagged = 0
    var iouSum = 0.0

    struct Summary: Codable {
        let photos: Int
        let cornersIoU90Rate: Double
        let meanIoU: Double
        let heavyBlurFlaggedRate: Double
        let sharpNotFlaggedRate: Double
        let blurAccuracy: Double
        let glareFlaggedRate: Double
        let glareFalseAlarmRate: Double

        var text: String {
            """
            photos                          \(photos)
            corners within IoU 0.9 (in frame) \(String(format: "%.1f%%", cornersIoU90Rate * 100))  (mean IoU \(String(format: "%.3f", meanIoU)))
            heavy blur flagged              \(String(format: "%.1f%%", heavyBlurFlaggedRate * 100))
            sharp not flagged               \(String(format: "%.1f%%", sharpNotFlaggedRate * 100))
            blur verdict right              \(String(format: "%.1f%%", blurAccuracy * 100))
            glare flagged where glare       \(String(format: "%.1f%%", glareFlaggedRate * 100))
            glare flagged where none        \(String(format: "%.1f%%", glareFalseAlarmRate * 100))
            """
        }
    }

    /// Adds one photo; returns what the analysis got wrong.
    mutating func add(_ analysis: CaptureAnalysis, truth: SyntheticPhotoTruth) -> [String] {
        var problems: [String] = []
        if truth.documentInFrame {
            inFrame += 1
            if let found = Quadrilateral(corners: analysis.corners), let real = Quadrilateral(corners: truth.corners) {
                detectedInFrame += 1
                let iou = found.intersectionOverUnion(with: real)
                iouSum += iou
                if iou >= 0.9 { cornersRight += 1 } else { problems.append(String(format: "IoU %.2f", iou)) }
            } else {
                problems.append("document not found")
            }
        }
        if truth.heavyBlur {
            heavyBlur += 1
            if analysis.isBlurry { heavyBlurFlagged += 1 } else { problems.append(String(format: "heavy blur missed (sharpness %.1f)", analysis.sharpness)) }
        } else if truth.sharp {
            sharp += 1
            if !analysis.isBlurry { sharpUnflagged += 1 } else { problems.append(String(format: "sharp flagged blurry (sharpness %.1f)", analysis.sharpness)) }
        }
        if truth.glare {
            glare += 1
            if analysis.glareDetected { glareFlagged += 1 } else { problems.append("glare missed") }
        } else {
            noGlare += 1
            if !analysis.glareDetected { noGlareUnflagged += 1 } else { problems.append(String(format: "glare false alarm %.3f", analysis.glareFraction)) }
        }
        return problems
    }

    var summary: Summary {
        func rate(_ a: Int, _ b: Int) -> Double { b == 0 ? 1 : Double(a) / Double(b) }
        return Summary(
            photos: glare + noGlare,
            cornersIoU90Rate: rate(cornersRight, inFrame),
            meanIoU: detectedInFrame == 0 ? 0 : iouSum / Double(detectedInFrame),
            heavyBlurFlaggedRate: rate(heavyBlurFlagged, heavyBlur),
            sharpNotFlaggedRate: rate(sharpUnflagged, sharp),
            blurAccuracy: rate(heavyBlurFlagged + sharpUnflagged, heavyBlur + sharp),
            glareFlaggedRate: rate(glareFlagged, glare),
            glareFalseAlarmRate: 1 - rate(noGlareUnflagged, noGlare))
    }
}
