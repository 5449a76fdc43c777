import Foundation
@testable import PapersImaging
import Testing

/// Motion blur smears one direction only: the capture analysis judges such a picture blurry a
/// little above the sharpness threshold too.
@Suite("Motion blur")
struct MotionBlurTests {
    /// A gray frame of glyph-like strokes (dark bars of varied size on paper), the same every run.
    static func strokes(width w: Int = 480, height h: Int = 270) -> [UInt8] {
        var pixels = [UInt8](repeating: 225, count: w * h)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<900 {
            let horizontal = next(2) == 0
            let (bw, bh) = horizontal ? (4 + next(9), 2 + next(2)) : (2 + next(2), 4 + next(9))
            let x0 = next(w - bw), y0 = next(h - bh)
            for y in y0..<(y0 + bh) { for x in x0..<(x0 + bw) { pixels[y * w + x] = 40 } }
        }
        return pixels
    }

    /// `pixels` smeared horizontally over `length` pixels (a running mean, as a sideways shake).
    static func smeared(_ pixels: [UInt8], width w: Int = 480, height h: Int = 270, length: Int) -> [UInt8] {
        var out = pixels
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0
                for k in 0..<length { sum += Int(pixels[y * w + min(w - 1, max(0, x + k - length / 2))]) }
                out[y * w + x] = UInt8(sum / length)
            }
        }
        return out
    }

    @Test("a sideways shake makes the picture one-directional; a sharp picture is not")
    func anisotropy() throws {
        let sharp = try #require(Image(width: 480, height: 270, format: .gray, pixels: Self.strokes()))
        let shaken = try #require(Image(width: 480, height: 270, format: .gray, pixels: Self.smeared(Self.strokes(), length: 9)))
        #expect(QualityMeasures(sharp).anisotropy > 0.6)
        #expect(QualityMeasures(shaken).anisotropy < 0.55)
    }

    @Test("a one-directional picture just above the threshold is blurry; an even one is not")
    func verdict() throws {
        let sharp = try #require(Image(width: 480, height: 270, format: .gray, pixels: Self.strokes()))
        let shaken = try #require(Image(width: 480, height: 270, format: .gray, pixels: Self.smeared(Self.strokes(), length: 9)))
        func analysis(_ image: Image, thresholdBelow factor: Double, margin: Double = 1.2) -> CaptureAnalysis {
            let measured = CaptureAnalyzer().analyze(image).analysis.sharpness
            var configuration = CaptureAnalyzer.Configuration()
            configuration.blurThreshold = measured / factor
            configuration.motionBlurMargin = margin
            return CaptureAnalyzer(configuration: configuration).analyze(image).analysis
        }
        // Sharpness 10% above the threshold, within the margin of 1.2.
        #expect(analysis(shaken, thresholdBelow: 1.1).isBlurry)
        #expect(!analysis(shaken, thresholdBelow: 1.1, margin: 1).isBlurry)
        #expect(!analysis(shaken, thresholdBelow: 1.3).isBlurry)
        #expect(!analysis(sharp, thresholdBelow: 1.1).isBlurry)
    }
}
