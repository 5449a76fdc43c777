import PapersImaging
import PapersSynthesis

/// Running tallies of the capture evaluation.
///
/// Blur and glare are scored twice: over every photo, and over the photos whose exposure is
/// right (a frame blown out or nearly black has no visible edges or highlights to judge, and
/// the analysis must say "too bright"/"too dark" there instead, which the exposure score checks).
struct CaptureScore {
    /// Tallies of one subset of the photos.
    struct Tally {
        var photos = 0, inFrame = 0, cornersRight = 0, detectedInFrame = 0
        var heavyBlur = 0, heavyBlurFlagged = 0, sharp = 0, sharpUnflagged = 0
        var glare = 0, glareFlagged = 0, noGlare = 0, noGlareUnflagged = 0
        var exposureRight = 0
        var iouSum = 0.0

        var rates: Rates {
            func rate(_ a: Int, _ b: Int) -> Double { b == 0 ? 1 : Double(a) / Double(b) }
            return Rates(
                photos: photos,
                cornersIoU90Rate: rate(cornersRight, inFrame),
                meanIoU: detectedInFrame == 0 ? 0 : iouSum / Double(detectedInFrame),
                heavyBlurFlaggedRate: rate(heavyBlurFlagged, heavyBlur),
                sharpNotFlaggedRate: rate(sharpUnflagged, sharp),
                blurAccuracy: rate(heavyBlurFlagged + sharpUnflagged, heavyBlur + sharp),
                glareFlaggedRate: rate(glareFlagged, glare),
                glareFalseAlarmRate: 1 - rate(noGlareUnflagged, noGlare),
                exposureAccuracy: rate(exposureRight, photos))
        }
    }

    /// The scores of one subset.
    struct Rates: Codable {
        let photos: Int
        let cornersIoU90Rate: Double
        let meanIoU: Double
        let heavyBlurFlaggedRate: Double
        let sharpNotFlaggedRate: Double
        let blurAccuracy: Double
        let glareFlaggedRate: Double
        let glareFalseAlarmRate: Double
        let exposureAccuracy: Double
    }

    /// The scores printed: every photo, and the well-exposed ones.
    struct Summary: Codable {
        let all: Rates
        let wellExposed: Rates

        var text: String {
            func label(_ text: String) -> String { text.padding(toLength: 36, withPad: " ", startingAt: 0) }
            func row(_ text: String, _ rate: KeyPath<Rates, Double>) -> String {
                label(text) + String(format: "%7.1f%%   %7.1f%%", all[keyPath: rate] * 100, wellExposed[keyPath: rate] * 100)
            }
            return """
            \(label(""))     all   well-exposed
            \(label("photos"))\(String(format: "%7d    %7d", all.photos, wellExposed.photos))
            \(row("corners within IoU 0.9 (in frame)", \.cornersIoU90Rate))
            \(label("mean IoU of the documents found"))\(String(format: "%7.3f    %7.3f", all.meanIoU, wellExposed.meanIoU))
            \(row("heavy blur flagged", \.heavyBlurFlaggedRate))
            \(row("sharp not flagged", \.sharpNotFlaggedRate))
            \(row("blur verdict right", \.blurAccuracy))
            \(row("glare flagged where glare", \.glareFlaggedRate))
            \(row("glare flagged where none", \.glareFalseAlarmRate))
            \(row("exposure verdict right", \.exposureAccuracy))
            """
        }
    }

    var all = Tally()
    var wellExposed = Tally()

    /// The exposure verdict the truth calls for.
    static func expectedExposure(_ truth: SyntheticPhotoTruth) -> Exposure {
        truth.exposureGain < 0.6 ? .tooDark : truth.exposureGain > 1.4 ? .tooBright : .good
    }

    /// Adds one photo; returns what the analysis got wrong.
    mutating func add(_ analysis: CaptureAnalysis, truth: SyntheticPhotoTruth) -> [String] {
        let expected = Self.expectedExposure(truth)
        let problems = Self.add(analysis, truth: truth, expected: expected, to: &all)
        if expected == .good { _ = Self.add(analysis, truth: truth, expected: expected, to: &wellExposed) }
        return problems
    }

    private static func add(_ analysis: CaptureAnalysis, truth: SyntheticPhotoTruth, expected: Exposure, to tally: inout Tally) -> [String] {
        var problems: [String] = []
        tally.photos += 1
        if analysis.exposure == expected { tally.exposureRight += 1 } else { problems.append("exposure \(analysis.exposure.rawValue), not \(expected.rawValue)") }
        if truth.documentInFrame {
            tally.inFrame += 1
            if let found = Quadrilateral(corners: analysis.corners), let real = Quadrilateral(corners: truth.corners) {
                tally.detectedInFrame += 1
                let iou = found.intersectionOverUnion(with: real)
                tally.iouSum += iou
                if iou >= 0.9 { tally.cornersRight += 1 } else { problems.append(String(format: "IoU %.2f", iou)) }
            } else {
                problems.append("document not found")
            }
        }
        if truth.heavyBlur {
            tally.heavyBlur += 1
            if analysis.isBlurry { tally.heavyBlurFlagged += 1 } else { problems.append(String(format: "heavy blur missed (sharpness %.1f)", analysis.sharpness)) }
        } else if truth.sharp {
            tally.sharp += 1
            if !analysis.isBlurry { tally.sharpUnflagged += 1 } else { problems.append(String(format: "sharp flagged blurry (sharpness %.1f)", analysis.sharpness)) }
        }
        if truth.glare {
            tally.glare += 1
            if analysis.glareDetected { tally.glareFlagged += 1 } else { problems.append("glare missed") }
        } else {
            tally.noGlare += 1
            if !analysis.glareDetected { tally.noGlareUnflagged += 1 } else { problems.append(String(format: "glare false alarm %.3f", analysis.glareFraction)) }
        }
        return problems
    }

    var summary: Summary { Summary(all: all.rates, wellExposed: wellExposed.rates) }
}
