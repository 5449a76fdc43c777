import Foundation
import PapersCore
import PapersImaging
@testable import PapersRecognition
import PapersSynthesis
import Testing

@Suite("OCR-B classifier")
struct OCRBClassifierTests {
    // MARK: Weights

    @Test func bundledModelLoads() throws {
        let classifier = try OCRBClassifier.bundled()
        let probabilities = classifier.probabilities(of: [Float](repeating: 0, count: CharacterPatch.count))
        #expect(probabilities.count == 37)
        #expect(abs(probabilities.reduce(0, +) - 1) < 1e-4)
        #expect(MRZAlphabet.characters == Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ<".utf8))
    }

    @Test("patches classified together get exactly what each gets alone, zeros and batch edges included")
    func batchEqualsSingle() throws {
        let classifier = try OCRBClassifier.bundled()
        var random = SeededRandom(seed: 9)
        // 37 patches: more than two batches, the last one short; some with runs of exact zeros
        // (a bright background), which change how each patch's inputs are grouped.
        let count = 37
        var patches: [Float] = []
        for p in 0..<count {
            for i in 0..<CharacterPatch.count {
                let zero = p % 3 == 0 && (i % 7 == 0 || (100..<140).contains(i))
                patches.append(zero ? 0 : Float(random.uniform(0...1)))
            }
        }
        let together = classifier.probabilities(ofPatches: patches, count: count)
        #expect(together.count == count)
        for p in 0..<count {
            let alone = classifier.probabilities(of: Array(patches[(p * CharacterPatch.count)..<((p + 1) * CharacterPatch.count)]))
            #expect(together[p] == alone, "patch \(p)")
        }
        #expect(classifier.probabilities(ofPatches: [], count: 0).isEmpty)
    }

    @Test("the shipped weights are found without SwiftPM's trapping bundle accessor")
    func weightsAreFound() throws {
        let url = try #require(OCRBClassifier.bundledWeightsURL())
        #expect(url.lastPathComponent == "ocrb-mlp.bin")
        #expect(FileManager.default.isReadableFile(atPath: url.path))
    }

    @Test func smallValidFileParses() throws {
        // One layer of zero weights: every class equally likely.
        let classifier = try OCRBClassifier(weights: Self.weightsFile())
        let probabilities = classifier.probabilities(of: [Float](repeating: 0.5, count: CharacterPatch.count))
        #expect(probabilities.allSatisfy { abs($0 - 1 / 37) < 1e-6 })
    }

    @Test func biasesDecideTheAnswerOfAZeroNetwork() throws {
        var file = Self.weightsFile()
        file[file.count - 2 * 37 + 2 * 11 + 1] = 0x40 // bias of class 11 ("B") = 2.0 in Float16
        let guess = try OCRBClassifier(weights: file).classify(Self.flat(200), cell: Self.cell(at: 0))
        #expect(guess.character == UInt8(ascii: "B"))
        #expect(guess.alternatives.count == 3)
        #expect(guess.alternatives[0].probability > guess.alternatives[1].probability)
    }

    @Test(arguments: CorruptWeights.allCases)
    func corruptWeightsAreRejected(_ corruption: CorruptWeights) {
        #expect {
            try OCRBClassifier(weights: corruption.apply(to: Self.weightsFile()))
        } throws: { ($0 as? RecognitionError)?.code == .modelCorrupt }
    }

    // MARK: Reading printed glyphs

    @Test(arguments: PrintVariant.allCases)
    func everyAtlasGlyphIsRecognised(_ variant: PrintVariant) throws {
        let classifier = try OCRBClassifier.bundled()
        // Each character appears once, between different neighbours on the two lines.
        let first = MRZAlphabet.characters
        let second = Array(first.reversed())
        for text in [first, second] {
            let (image, cells) = variant.print(text)
            for (cell, expected) in zip(cells, text) {
                let guess = classifier.classify(image, cell: cell)
                #expect(guess.character == expected,
                        "\(Character(Unicode.Scalar(expected))) read as \(Character(Unicode.Scalar(guess.character))) (\(variant))")
            }
        }
    }

    @Test func invertedPrintIsNotRead() throws {
        // Inverted, the paper is the darkest and turns into "ink": a polarity-blind stretch would still read it.
        let classifier = try OCRBClassifier.bundled()
        let text = MRZAlphabet.characters
        let (image, cells) = PrintVariant.clean.print(text)
        var inverted = image
        inverted.pixels = inverted.pixels.map { 255 - $0 }
        let correct = zip(cells, text).filter { classifier.classify(inverted, cell: $0).character == $1 }.count
        #expect(correct < text.count / 3)
    }

    @Test func blankPaperGivesNoConfidentAnswer() throws {
        let classifier = try OCRBClassifier.bundled()
        var paper = Self.flat(210)
        for i in paper.pixels.indices { paper.pixels[i] = UInt8(205 + (i * 7919) % 11) } // faint noise
        var patch: [Float] = []
        CharacterPatch.sample(paper, cell: Self.cell(at: 3), into: &patch)
        #expect(patch.allSatisfy { $0 <= 0.5 }, "a range under 24 gray levels is not stretched")
        #expect(classifier.classify(paper, cell: Self.cell(at: 3)).probability < 0.25)
    }

    // MARK: Sampler

    @Test(arguments: 0..<6)
    func samplerMatchesTheDirectDefinition(seed: Int) {
        var random = SplitMix(seed: UInt64(seed))
        let width = 40 + Int(random.next() % 60), height = 30 + Int(random.next() % 50)
        var image = Image(width: width, height: height, format: .gray)
        for i in image.pixels.indices { image.pixels[i] = UInt8(truncatingIfNeeded: random.next()) }
        let capHeight = 4 + random.unit() * 120 // from upsampling to 4 × 4 sub-samples and beyond
        let cell = CharacterCell(centerX: random.unit() * Double(width + 40) - 20, top: random.unit() * Double(height) - 10,
                                 bottom: 0, pitch: capHeight * (0.8 + 0.4 * random.unit()))
        let shifted = CharacterCell(centerX: cell.centerX, top: cell.top, bottom: cell.top + capHeight, pitch: cell.pitch)
        var patch: [Float] = []
        CharacterPatch.sample(image, cell: shifted, into: &patch)
        let expected = Self.referencePatch(image, cell: shifted)
        #expect(zip(patch, expected).allSatisfy { abs($0 - $1) < 1e-4 })
    }

    @Test func samplerIgnoresBrightnessAndContrast() {
        let (image, cells) = PrintVariant.blurred.print(Array("K8<".utf8))
        // Gray levels that are multiples of three, and the same image at a third of the contrast.
        let full = Image(width: image.width, height: image.height, format: .gray, pixels: image.pixels.map { $0 / 3 * 3 })!
        let faint = Image(width: image.width, height: image.height, format: .gray, pixels: full.pixels.map { 60 + $0 / 3 })!
        var a: [Float] = [], b: [Float] = []
        CharacterPatch.sample(full, cell: cells[1], into: &a)
        CharacterPatch.sample(faint, cell: cells[1], into: &b)
        #expect(zip(a, b).allSatisfy { abs($0 - $1) < 1e-4 })
        #expect(a.max()! > 0.999 && a.min() == 0)
    }

    @Test func degenerateCellGivesZeros() {
        var patch = [Float](repeating: 7, count: 3)
        CharacterPatch.sample(Self.flat(100), cell: CharacterCell(centerX: 10, top: 5, bottom: 5, pitch: 10), into: &patch)
        #expect(patch == [Float](repeating: 0, count: CharacterPatch.count))
    }

    // MARK: Helpers

    /// A weights file with one layer of zeros (560 → 37).
    static func weightsFile() -> [UInt8] {
        var bytes = Array("PPOCRB01".utf8)
        for value: UInt32 in [1, 560, 37] { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        return bytes + [UInt8](repeating: 0, count: 2 * 37 * 561)
    }

    static func flat(_ level: UInt8) -> Image { Image(width: 200, height: 60, format: .gray, fill: level) }

    static func cell(at index: Int) -> CharacterCell {
        CharacterCell(centerX: 20 + 32 * Double(index), top: 15, bottom: 15 + OCRBGlyphAtlas.capHeight, pitch: 32)
    }

    /// The sampler's definition, directly: k × k bilinear samples per value, then the stretch.
    static func referencePatch(_ image: Image, cell: CharacterCell) -> [Float] {
        func pixel(_ x: Int, _ y: Int) -> Double {
            Double(image.pixels[min(max(y, 0), image.height - 1) * image.width + min(max(x, 0), image.width - 1)])
        }
        func bilinear(_ u: Double, _ v: Double) -> Double {
            let x = u - 0.5, y = v - 0.5
            let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
            let fx = x - Double(x0), fy = y - Double(y0)
            return (1 - fy) * ((1 - fx) * pixel(x0, y0) + fx * pixel(x0 + 1, y0))
                + fy * ((1 - fx) * pixel(x0, y0 + 1) + fx * pixel(x0 + 1, y0 + 1))
        }
        let h = cell.bottom - cell.top
        let x0 = cell.centerX - cell.pitch / 2, y0 = cell.top - h / 4
        let regionWidth = cell.pitch, regionHeight = 1.5 * h
        let kx = min(16, max(1, Int((regionWidth / 20).rounded(.up))))
        let ky = min(16, max(1, Int((regionHeight / 28).rounded(.up))))
        var raw: [Double] = []
        for r in 0..<28 {
            for c in 0..<20 {
                var sum = 0.0
                for b in 0..<ky {
                    for a in 0..<kx {
                        sum += bilinear(x0 + (Double(c) + (Double(a) + 0.5) / Double(kx)) * regionWidth / 20,
                                        y0 + (Double(r) + (Double(b) + 0.5) / Double(ky)) * regionHeight / 28)
                    }
                }
                raw.append(sum / Double(kx * ky))
            }
        }
        let hi = raw.max()!, lo = min(raw.min()!, hi - 24)
        return raw.map { Float(min(max((hi - $0) / (hi - lo), 0), 1)) }
    }
}

extension OCRBClassifierTests {
    /// Ways of breaking a valid weights file.
    enum CorruptWeights: CaseIterable, CustomTestStringConvertible {
        case empty, wrongMagic, truncated, extraByte, wrongInputSize, wrongClassCount, noLayers, infiniteWeight

        func apply(to file: [UInt8]) -> [UInt8] {
            var bytes = file
            switch self {
            case .empty: return []
            case .wrongMagic: bytes[7] = UInt8(ascii: "2")
            case .truncated: bytes.removeLast(2)
            case .extraByte: bytes.append(0)
            case .wrongInputSize: bytes[12] = 0x31 // 561 inputs
            case .wrongClassCount: bytes[16] = 36
            case .noLayers: bytes[8] = 0
            case .infiniteWeight: bytes[21] = 0x7C // 0x7C00 is +∞ in Float16
            }
            return bytes
        }

        var testDescription: String { "\(self)" }
    }

    /// How the atlas glyphs are printed for the recognition tests.
    enum PrintVariant: CaseIterable, CustomTestStringConvertible {
        /// Dark on light at the atlas size (cap height ≈ 31.6 px), the cells exact.
        case clean
        /// Blurred by a 5 × 5 binomial kernel.
        case blurred
        /// The cells off by 12% of the pitch sideways, 8% of the cap height up, pitch 5% short.
        case shifted
        /// Half size (cap height ≈ 15.8 px), low contrast.
        case small

        var testDescription: String { "\(self)" }

        /// Prints a line of atlas glyphs; returns the gray image and each character's cell.
        func print(_ text: [UInt8]) -> (Image, [CharacterCell]) {
            let pitch = OCRBGlyphAtlas.cellWidth, cellHeight = OCRBGlyphAtlas.cellHeight
            let left = 24, top = 20
            var image = Image(width: 2 * left + pitch * text.count, height: cellHeight + 2 * top, format: .gray, fill: 225)
            let ink = self == .small ? 120.0 : 30.0
            for (i, character) in text.enumerated() {
                let coverage = OCRBGlyphAtlas.coverage(of: character)!
                for y in 0..<cellHeight {
                    for x in 0..<pitch where coverage[y * pitch + x] > 0 {
                        let index = (top + y) * image.width + left + i * pitch + x
                        image.pixels[index] = UInt8((225 - (225 - ink) * Double(coverage[y * pitch + x]) / 255).rounded())
                    }
                }
            }
            let baseline = Double(top + OCRBGlyphAtlas.baseline)
            var cells = text.indices.map {
                CharacterCell(centerX: Double(left + $0 * pitch) + Double(pitch) / 2, top: baseline - OCRBGlyphAtlas.capHeight,
                              bottom: baseline, pitch: Double(pitch))
            }
            switch self {
            case .clean: break
            case .blurred: image = Self.binomialBlur(Self.binomialBlur(image))
            case .shifted:
                cells = cells.map {
                    let h = $0.capHeight
                    return CharacterCell(centerX: $0.centerX + 0.12 * $0.pitch, top: $0.top - 0.08 * h, bottom: $0.bottom - 0.08 * h,
                                         pitch: 0.95 * $0.pitch)
                }
            case .small:
                image = Self.halved(image)
                cells = cells.map { CharacterCell(centerX: $0.centerX / 2, top: $0.top / 2, bottom: $0.bottom / 2, pitch: $0.pitch / 2) }
            }
            return (image, cells)
        }

        /// A 3 × 3 binomial blur (edges repeated).
        static func binomialBlur(_ image: Image) -> Image {
            var out = image
            let w = image.width, h = image.height
            let k = [1, 2, 1]
            for y in 0..<h {
                for x in 0..<w {
                    var sum = 0
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let sx = min(max(x + dx, 0), w - 1), sy = min(max(y + dy, 0), h - 1)
                            sum += k[dx + 1] * k[dy + 1] * Int(image.pixels[sy * w + sx])
                        }
                    }
                    out.pixels[y * w + x] = UInt8((sum + 8) / 16)
                }
            }
            return out
        }

        /// Half the size, each pixel the mean of a 2 × 2 block.
        static func halved(_ image: Image) -> Image {
            let w = image.width / 2, h = image.height / 2
            var out = Image(width: w, height: h, format: .gray)
            for y in 0..<h {
                for x in 0..<w {
                    let p = { (dx: Int, dy: Int) in Int(image.pixels[(2 * y + dy) * image.width + 2 * x + dx]) }
                    out.pixels[y * w + x] = UInt8((p(0, 0) + p(1, 0) + p(0, 1) + p(1, 1) + 2) / 4)
                }
            }
            return out
        }
    }

    /// A small deterministic generator for test images.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    }
}
