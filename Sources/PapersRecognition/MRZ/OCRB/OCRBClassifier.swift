import Foundation
import PapersCore
import PapersImaging

/// Recognises one OCR-B character of a machine-readable zone from its cell: a small multilayer
/// perceptron over a ``CharacterPatch``, trained on synthetic MRZ lines by `tools/ocrb/train.py`.
///
/// The weights file starts with the ASCII bytes `PPOCRB01`, then (little-endian) a `UInt32` layer
/// count L and L + 1 `UInt32` sizes (560 inputs first, 37 classes last); then, per layer, its
/// `n_out × n_in` weights (row o for output o) and `n_out` biases, all `Float16`. Hidden layers are
/// ReLU; the last is followed by a softmax over ``MRZAlphabet``.
public struct OCRBClassifier: Sendable {

    private static let magic: [UInt8] = Array("PPOCRB01".utf8)
    private static let maximumLayers = 8
    private static let maximumWidth = 4096

    /// The dense layers, input first.
    private let layers: [DenseLayer]
    /// The widest input or output of any layer.
    private let widest: Int

    /// Parses a weights file (see the type's documentation for the layout).
    /// - Throws: ``RecognitionError/Code/modelCorrupt`` when the bytes do not have that layout.
    public init(weights bytes: [UInt8]) throws(RecognitionError) {
        var reader = LittleEndianReader(bytes)
        guard reader.take(Self.magic.count).map(Array.init) == Self.magic, let count = reader.uint32(),
              (1...Self.maximumLayers).contains(count) else {
            throw Self.corrupt("not an OCR-B weights file")
        }
        var sizes: [Int] = []
        for _ in 0...count {
            guard let size = reader.uint32(), (1...Self.maximumWidth).contains(size) else {
                throw Self.corrupt("bad layer size")
            }
            sizes.append(size)
        }
        guard sizes.first == CharacterPatch.count, sizes.last == MRZAlphabet.characters.count else {
            throw Self.corrupt("layer sizes do not fit the patch and the alphabet")
        }
        let expected = sizes.indices.dropLast().reduce(0) { $0 + 2 * sizes[$1 + 1] * (sizes[$1] + 1) }
        guard reader.remaining == expected else { throw Self.corrupt("unexpected length") }
        var layers: [DenseLayer] = []
        for (inputs, outputs) in zip(sizes.dropLast(), sizes.dropFirst()) {
            guard let layer = DenseLayer(reading: &reader, inputs: inputs, outputs: outputs) else {
                throw Self.corrupt("weights are not finite")
            }
            layers.append(layer)
        }
        self.layers = layers
        self.widest = layers.map { max($0.inputs, $0.outputs) }.max()!
    }

    /// The classifier whose weights ship with Papers, loaded once.
    /// - Throws: ``RecognitionError/Code/modelMissing`` when the weights are in none of the
    ///   places ``bundledWeightsURL()`` looks, ``RecognitionError/Code/modelCorrupt`` when they
    ///   cannot be parsed.
    public static func bundled() throws(RecognitionError) -> OCRBClassifier {
        try bundledResult.get()
    }

    private static let bundledResult: Result<OCRBClassifier, RecognitionError> = {
        guard let url = bundledWeightsURL(), let data = try? Data(contentsOf: url) else {
            return .failure(RecognitionError(
                code: .modelMissing, detail: "ocrb-mlp.bin (\(ShippedResource.missingAdvice(target: "PapersRecognition")))"))
        }
        do throws(RecognitionError) {
            return .success(try OCRBClassifier(weights: [UInt8](data)))
        } catch {
            return .failure(error)
        }
    }()

    /// Where the shipped weights are, or `nil` (see `ShippedResource`).
    static func bundledWeightsURL() -> URL? {
        // This file is in Sources/PapersRecognition/MRZ/OCRB/.
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return ShippedResource.url(target: "PapersRecognition", path: "Resources/ocrb-mlp.bin", sources: sources) {
            Bundle.module.url(forResource: "ocrb-mlp", withExtension: "bin", subdirectory: "Resources")
                ?? Bundle.module.url(forResource: "ocrb-mlp", withExtension: "bin")
        }
    }

    /// The softmax probabilities of the 37 classes (in ``MRZAlphabet`` order) for a patch of
    /// ``CharacterPatch/count`` values.
    public func probabilities(of patch: [Float]) -> [Float] {
        precondition(patch.count == CharacterPatch.count, "a patch has \(CharacterPatch.count) values")
        var result = [Float](repeating: 0, count: MRZAlphabet.characters.count)
        withScratch { input, scratch in
            _ = patch.withUnsafeBufferPointer(input.update(fromContentsOf:))
            result.withUnsafeMutableBufferPointer { run(scratch, into: $0) }
        }
        return result
    }

    /// The softmax probabilities of `count` patches laid end to end in `patches`
    /// (``CharacterPatch/count`` values each): the same as ``probabilities(of:)`` on each, faster
    /// for a line's worth (the first layer runs on the patches together; see `DenseLayer`).
    public func probabilities(ofPatches patches: [Float], count: Int) -> [[Float]] {
        precondition(patches.count == count * CharacterPatch.count, "\(count) patches of \(CharacterPatch.count) values")
        guard count > 0 else { return [] }
        var result: [[Float]] = []
        result.reserveCapacity(count)
        let first = layers[0]
        var hidden = [Float](repeating: 0, count: Self.batch * first.outputs)
        var indices = [Int](repeating: 0, count: Self.batch * first.inputs)
        patches.withUnsafeBufferPointer { all in
            UnsafeBuffers.with(&hidden, &indices) { hidden, indices in
                for from in stride(from: 0, to: count, by: Self.batch) {
                    let size = min(Self.batch, count - from)
                    first.apply(batch: size, all.baseAddress! + from * first.inputs, into: hidden.baseAddress!,
                                nonzero: indices.baseAddress!, relu: layers.count > 1)
                    for b in 0..<size {
                        var probabilities = [Float](repeating: 0, count: MRZAlphabet.characters.count)
                        withScratch { _, scratch in
                            // The first layer's output goes where `run` takes a layer's input.
                            let values = scratch.values.baseAddress!
                            values.update(from: hidden.baseAddress! + b * first.outputs, count: first.outputs)
                            probabilities.withUnsafeMutableBufferPointer { run(scratch, into: $0, from: 1) }
                        }
                        result.append(probabilities)
                    }
                }
            }
        }
        return result
    }

    /// Patches whose first layer runs together: enough to read the weights once for a line's
    /// worth, few enough that their outputs stay in the first-level cache.
    private static let batch = 16

    /// The three likeliest characters of a cell, best first.
    public func classify(_ gray: Image, cell: CharacterCell) -> CharacterGuess {
        // The three best (class, probability) pairs, best first.
        var first = (0, Float(-1)), second = (0, Float(-1)), third = (0, Float(-1))
        withScratch { input, scratch in
            CharacterPatch.sample(gray, cell: cell, into: input)
            withUnsafeTemporaryAllocation(of: Float.self, capacity: MRZAlphabet.characters.count) { probabilities in
                run(scratch, into: probabilities)
                for (index, p) in probabilities.enumerated() where p > third.1 {
                    third = (index, p)
                    if third.1 > second.1 { swap(&second, &third) }
                    if second.1 > first.1 { swap(&first, &second) }
                }
            }
        }
        return CharacterGuess(alternatives: [first, second, third].map {
            CharacterGuess.Alternative(character: MRZAlphabet.characters[$0.0], probability: $0.1)
        })
    }

    /// Runs `body` with the network's scratch memory (on the stack) and the part of it that
    /// takes the input patch.
    private func withScratch(_ body: (UnsafeMutableBufferPointer<Float>, Scratch) -> Void) {
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * widest) { values in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: widest) { indices in
                let scratch = Scratch(values: values, indices: indices, widest: widest)
                body(UnsafeMutableBufferPointer(rebasing: values[..<CharacterPatch.count]), scratch)
            }
        }
    }

    /// Runs the layers on the input (the start of the scratch values) and writes the softmax
    /// probabilities to `out`; from layer `first` on when the layers before have run already
    /// (their output then at the start of the scratch values).
    private func run(_ scratch: Scratch, into out: UnsafeMutableBufferPointer<Float>, from first: Int = 0) {
        // The two halves of the scratch values take turns as a layer's input and output.
        var source = UnsafeMutableBufferPointer(rebasing: scratch.values[..<scratch.widest])
        var target = UnsafeMutableBufferPointer(rebasing: scratch.values[scratch.widest...])
        for (index, layer) in layers.enumerated().dropFirst(first) {
            layer.apply(UnsafeBufferPointer(source), into: target, nonzero: scratch.indices, relu: index < layers.count - 1)
            swap(&source, &target)
        }
        Self.softmax(UnsafeMutableBufferPointer(rebasing: source[..<MRZAlphabet.characters.count]), into: out)
    }

    private static func softmax(_ logits: UnsafeMutableBufferPointer<Float>, into out: UnsafeMutableBufferPointer<Float>) {
        let top = logits.max() ?? 0
        var sum: Float = 0
        for i in 0..<MRZAlphabet.characters.count {
            out[i] = expf(logits[i] - top)
            sum += out[i]
        }
        for i in 0..<MRZAlphabet.characters.count { out[i] /= sum }
    }

    private static func corrupt(_ detail: String) -> RecognitionError {
        RecognitionError(code: .modelCorrupt, detail: detail)
    }
}

/// A character's likeliest readings, best first.
public struct CharacterGuess: Sendable, Hashable {
    /// One reading: a character of ``PapersCore/MRZAlphabet`` and its probability.
    public struct Alternative: Sendable, Hashable {
        /// The character, as ASCII.
        public let character: UInt8
        /// Its probability, in `0...1`.
        public let probability: Float

        /// Creates a reading.
        public init(character: UInt8, probability: Float) {
            self.character = character
            self.probability = probability
        }
    }

    /// The readings, most probable first (three from ``OCRBClassifier/classify(_:cell:)``).
    public let alternatives: [Alternative]

    /// Creates a guess from readings sorted most probable first.
    public init(alternatives: [Alternative]) {
        self.alternatives = alternatives
    }

    /// The most probable character.
    public var character: UInt8 { alternatives[0].character }
    /// The probability of the most probable character.
    public var probability: Float { alternatives[0].probability }
}

/// Stack memory for one run of the network.
private struct Scratch {
    /// Two halves of `widest` values: a layer's input and output.
    let values: UnsafeMutableBufferPointer<Float>
    /// Room for the indices of a layer's non-zero inputs.
    let indices: UnsafeMutableBufferPointer<Int>
    let widest: Int
}

/// One fully connected layer, its weights converted to `Float` and stored input-major, so that
/// each input adds its row to all outputs (a loop the compiler vectorises).
private struct DenseLayer: Sendable {
    let inputs: Int
    let outputs: Int
    /// Row i holds input i's weights to every output.
    let weights: [Float]
    let biases: [Float]

    /// Reads `outputs × inputs` (output-major) then `outputs` Float16 values; `nil` if one is
    /// missing or not finite.
    init?(reading reader: inout LittleEndianReader, inputs: Int, outputs: Int) {
        var outputMajor = [Float](repeating: 0, count: inputs * outputs)
        var biases = [Float](repeating: 0, count: outputs)
        guard outputMajor.withUnsafeMutableBufferPointer({ reader.float16s(into: $0) }),
              biases.withUnsafeMutableBufferPointer({ reader.float16s(into: $0) }) else { return nil }
        var weights = [Float](repeating: 0, count: inputs * outputs)
        weights.withUnsafeMutableBufferPointer { w in
            outputMajor.withUnsafeBufferPointer { source in
                for o in 0..<outputs {
                    for i in 0..<inputs { w[i * outputs + o] = source[o * inputs + i] }
                }
            }
        }
        self.inputs = inputs
        self.outputs = outputs
        self.weights = weights
        self.biases = biases
    }

    /// `out[o] = bias[o] + Σ input[i] · weight[i][o]`, then ReLU if asked. Zero inputs (most of
    /// a ReLU layer's) are skipped; the others are taken four at a time.
    func apply(_ input: UnsafeBufferPointer<Float>, into out: UnsafeMutableBufferPointer<Float>,
               nonzero: UnsafeMutableBufferPointer<Int>, relu: Bool) {
        apply(batch: 1, input.baseAddress!, into: out.baseAddress!, nonzero: nonzero.baseAddress!, relu: relu)
    }

    /// ``apply(_:into:nonzero:relu:)`` on `batch` inputs at once (`inputs` values each, end to end),
    /// with the same sums in the same order for each, so the same results. Each input's groups
    /// of four are taken in step with the others', so the weight rows they read (nearly the same
    /// rows for every input, the inputs being nearly all non-zero) are read from memory once for
    /// the batch instead of once per input; for the first layer, whose weights outgrow the
    /// caches, that is most of its time.
    func apply(batch: Int, _ input: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>,
               nonzero: UnsafeMutablePointer<Int>, relu: Bool) {
        // Each input's non-zero count, on the stack (a layer runs once per character).
        withUnsafeTemporaryAllocation(of: Int.self, capacity: batch) { counts in
            for b in 0..<batch {
                counts[b] = Self.nonzero(input + b * inputs, count: inputs, into: nonzero + b * inputs)
                start(out + b * outputs)
            }
            let most = counts.max() ?? 0
            weights.withUnsafeBufferPointer { w in
                var k = 0
                while k + 4 <= most {
                    for b in 0..<batch where k + 4 <= counts[b] {
                        addFour(input + b * inputs, nonzero + b * inputs + k, weights: w.baseAddress!, into: out + b * outputs)
                    }
                    k += 4
                }
                for b in 0..<batch {
                    var k = counts[b] / 4 * 4
                    while k < counts[b] {
                        addOne(input + b * inputs, nonzero[b * inputs + k], weights: w.baseAddress!, into: out + b * outputs)
                        k += 1
                    }
                }
            }
        }
        if relu { Self.relu(out, count: batch * outputs) }
    }

    /// Writes the indices of the non-zero values among `count` into `indices` (room for `count`);
    /// returns how many.
    @inline(__always)
    private static func nonzero(_ input: UnsafePointer<Float>, count: Int, into indices: UnsafeMutablePointer<Int>) -> Int {
        // Without a branch: every index is written, and the count moves past it only when its
        // value is not zero (a hidden layer's zeros, about half its inputs, fall at random).
        var found = 0
        for i in 0..<count {
            indices[found] = i
            found &+= input[i] != 0 ? 1 : 0
        }
        return found
    }

    /// Sets the outputs to the biases.
    @inline(__always)
    private func start(_ out: UnsafeMutablePointer<Float>) {
        biases.withUnsafeBufferPointer { b in
            for o in 0..<outputs { out[o] = b[o] }
        }
    }

    /// Adds four inputs' rows, weighted by their values (`indices` names them), to the outputs.
    @inline(__always)
    private func addFour(_ input: UnsafePointer<Float>, _ indices: UnsafePointer<Int>, weights base: UnsafePointer<Float>,
                         into out: UnsafeMutablePointer<Float>) {
        let n = outputs
        let i0 = indices[0], i1 = indices[1], i2 = indices[2], i3 = indices[3]
        let v0 = input[i0], v1 = input[i1], v2 = input[i2], v3 = input[i3]
        let r0 = base + i0 * n, r1 = base + i1 * n, r2 = base + i2 * n, r3 = base + i3 * n
        for o in 0..<n { out[o] += v0 * r0[o] + v1 * r1[o] + v2 * r2[o] + v3 * r3[o] }
    }

    /// Adds input `i`'s row, weighted by its value, to the outputs.
    @inline(__always)
    private func addOne(_ input: UnsafePointer<Float>, _ i: Int, weights base: UnsafePointer<Float>,
                        into out: UnsafeMutablePointer<Float>) {
        let n = outputs, v = input[i], r = base + i * n
        for o in 0..<n { out[o] += v * r[o] }
    }

    @inline(__always)
    private static func relu(_ out: UnsafeMutablePointer<Float>, count: Int) {
        for o in 0..<count { out[o] = max(out[o], 0) }
    }
}

/// Reads little-endian values from the front of a byte array.
private struct LittleEndianReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Bytes not read yet.
    var remaining: Int { bytes.count - offset }

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard remaining >= count else { return nil }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func uint32() -> Int? {
        guard let b = take(4) else { return nil }
        return b.reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    /// Fills `out` with IEEE half-precision values; false at the end of the bytes or on an
    /// infinity or NaN.
    mutating func float16s(into out: UnsafeMutableBufferPointer<Float>) -> Bool {
        guard remaining >= 2 * out.count else { return false }
        defer { offset += 2 * out.count }
        return bytes.withUnsafeBufferPointer { bytes in
            var p = offset
            for i in out.indices {
                let bits = UInt16(bytes[p]) | UInt16(bytes[p + 1]) << 8
                p += 2
                guard let value = Self.float(half: bits) else { return false }
                out[i] = value
            }
            return true
        }
    }

    /// The value of IEEE half-precision bits, `nil` for infinities and NaNs.
    private static func float(half bits: UInt16) -> Float? {
        let sign: Float = bits & 0x8000 == 0 ? 1 : -1
        let exponent = Int(bits >> 10 & 0x1F)
        let mantissa = UInt32(bits & 0x3FF)
        switch exponent {
        case 0: return sign * Float(mantissa) * 0x1p-24
        case 31: return nil
        default: return sign * Float(bitPattern: UInt32(exponent + 112) << 23 | mantissa << 13)
        }
    }
}
