import Foundation
import PapersCore

/// Turns per-character probabilities into MRZ lines: each position takes the likeliest
/// character its field allows, then failed check digits are repaired only with alternatives the
/// recogniser itself found plausible, at most two characters per check. What stays wrong is
/// reported, never guessed.
enum MRZDecoder {
    /// The classes' characters (ICAO 9303's MRZ alphabet, in the classifier's order).
    static let alphabet = MRZAlphabet.characters

    /// The classes of `O` and `0`.
    static let letterO = index(of: UInt8(ascii: "O")), digitZero = index(of: UInt8(ascii: "0"))

    /// An alternative is considered only when its probability is at least this.
    static let plausible: Float = 0.04

    /// The decoded lines.
    struct Decoded: Sendable {
        var format: MRZFormat
        var lines: [[UInt8]]
        /// The probability of each chosen character: among the characters its position allows
        /// where a check digit covers it, outright elsewhere.
        var confidences: [[Float]]
        /// The names of the checks that fail (`idNumber`, `dob`, `expiryDate`, `personalNumber`, `composite`).
        var failedChecks: [String]
        /// Characters changed from the likeliest reading to satisfy a check.
        var corrections: Int { repaired.count }
        /// Where those characters are (`[line, column]`, zero-based) and the check each was changed for.
        var repaired: [(position: [Int], check: String)] = []
        /// The recogniser's class probabilities the lines were decoded from, `[line][position][class]`.
        var probabilities: [[[Float]]] = []
        /// The segmented lines the probabilities were read from, when the reader keeps them (for
        /// reading a character again; see `MRZReader.doubtingShifts(_:)`).
        var segmented: [SegmentedLine] = []

        /// Characters (`[line, column]`) the checks that read them cannot vouch for: a rival at
        /// least a ninth as likely would satisfy every one of them too (see
        /// ``MRZDecoder/blindPositions(_:lines:failed:schema:)``). Worked out on each call, for
        /// the reading reported only, not for every decoding the reader ranks.
        var blind: [[Int]] {
            MRZDecoder.blindPositions(probabilities, lines: lines, failed: failedChecks, schema: MRZSchema(format: format))
        }

        /// Characters (`[line, column]`) that a cell moved a little reads as a check-blind twin
        /// (``MRZDecoder/twins(of:allowed:)``): the checks hold for either, so they vouch for neither
        /// (found by `MRZReader.doubtingShifts(_:)`, for the decodings kept).
        var movedTwins: Set<[Int]> = []

        /// The mean log-probability of the chosen characters (higher is surer).
        var meanLogProbability: Double {
            let all = confidences.joined()
            return all.reduce(0) { $0 + log(Double(max($1, 1e-9))) } / Double(max(1, all.count))
        }
    }

    /// Decodes `probabilities[line][position][class]`.
    static func decode(_ probabilities: [[[Float]]]) -> Decoded? {
        guard let firstLine = probabilities.first else { return nil }
        let count = probabilities.count, length = firstLine.count
        let shapes = formats(lineCount: count, lineLength: length)
        guard !shapes.isEmpty else { return nil }
        // The document code's first letter decides among the formats of this shape.
        let first = probabilities[0][0]
        func codeScore(_ format: MRZFormat) -> Float { documentCodes(format).map { first[index(of: $0)] }.max() ?? 0 }
        var format = shapes.max { codeScore($0) < codeScore($1) }!
        if format == .td2 || format == .cnis {
            var unconstrained = probabilities.map { $0.map { alphabet[argmax($0, allowed: .any)] } }
            unconstrained[0][0] = UInt8(ascii: "I")
            if let detected = try? MRZParser.detectFormat(unconstrained), shapes.contains(detected), detected != .mrvB { format = detected }
        }
        let schema = MRZSchema(format: format)
        // A position under a check digit is judged among the characters it allows (a round glyph
        // split between `O` and `0` is a sure `0` in a date: the check digit will catch a
        // wrong one). An unprotected position (a name) keeps the recogniser's own doubt, except
        // that `O` there also takes the share of `0`, the one pair of glyphs OCR-B draws almost
        // alike; mass on any other character the field forbids (a `1` where a letter must be)
        // says the glyph is damaged, and stays doubt.
        let checked = schema.checkedPositions()
        func confidence(_ p: [Float], _ k: Int, _ l: Int, _ c: Int) -> Float {
            if checked.contains([l, c]) { return posterior(p, k, allowed: schema.classes[l][c]) }
            if k == letterO, !schema.classes[l][c].allows(alphabet[digitZero]) { return p[k] + p[digitZero] }
            return p[k]
        }

        var lines = [[UInt8]](), confidences = [[Float]]()
        for (l, line) in probabilities.enumerated() {
            var bytes = [UInt8](), conf = [Float]()
            for (c, p) in line.enumerated() {
                var k = argmax(p, allowed: schema.classes[l][c])
                if l == 0, c == 0 { k = documentCodes(format).map(index(of:)).max { p[$0] < p[$1] }! }
                bytes.append(alphabet[k]); conf.append(confidence(p, k, l, c))
            }
            lines.append(bytes); confidences.append(conf)
        }

        var repaired: [(position: [Int], check: String)] = []
        for check in schema.checks where !schema.holds(check, in: lines) {
            if let fix = repair(check, lines: lines, probabilities: probabilities, schema: schema) {
                for (l, c, k) in fix {
                    lines[l][c] = alphabet[k]
                    confidences[l][c] = confidence(probabilities[l][c], k, l, c)
                    repaired.append(([l, c], check.name))
                }
            }
        }
        let failed = schema.checks.filter { !schema.holds($0, in: lines) }.map(\.name)
        return Decoded(format: format, lines: lines, confidences: confidences, failedChecks: failed, repaired: repaired,
                       probabilities: probabilities)
    }

    /// The characters whose checks cannot tell them from a likely rival. A check digit is a
    /// weighted sum modulo 10, so a character whose value differs from the one read by a multiple
    /// of 10 (`0`, `A`, `K`, `U`; `O`, `E`, `Y`; …) leaves it unchanged, and so can two characters
    /// changed together (`O` for `0` at weights 7 and 3): such a misread holds. A character is
    /// vouched for only when every reading its checks cannot tell apart from the one chosen, one
    /// character or two changed, is less than a ninth as likely (the 0.9 an unprotected character
    /// needs). `O` for `0` and `0` for `O` always count as likely: two of them at weights 7 and 3
    /// cancel.
    static func blindPositions(_ probabilities: [[[Float]]], lines: [[UInt8]], failed: [String],
                               schema: MRZSchema) -> [[Int]] {
        // Every likely rival under a check that holds: its position, class and odds against the choice.
        var rivals: [(l: Int, c: Int, k: Int, odds: Float, readers: [MRZSchema.Check])] = []
        for (l, line) in probabilities.enumerated() {
            for (c, p) in line.enumerated() {
                let chosen = index(of: lines[l][c])
                let readers = schema.checks.filter { !failed.contains($0.name) && $0.reads(line: l, column: c) }
                guard !readers.isEmpty else { continue }
                for k in p.indices where k != chosen && (p[k] * 9 > p[chosen] || lookAlike(k, chosen))
                    && schema.classes[l][c].allows(alphabet[k]) {
                    // `O` and `0` are as likely as each other, whatever the recogniser says (see `repair`).
                    let odds = lookAlike(k, chosen) ? 1 : p[k] / max(p[chosen], 1e-9)
                    rivals.append((l, c, k, odds, readers))
                }
            }
        }
        var blind = Set<[Int]>()
        var trial = lines
        for (i, a) in rivals.enumerated() {
            trial[a.l][a.c] = alphabet[a.k]
            if a.readers.allSatisfy({ schema.holds($0, in: trial) }) { blind.insert([a.l, a.c]) }
            for b in rivals[(i + 1)...] where !(a.l == b.l && a.c == b.c) && a.odds * b.odds * 9 > 1 {
                trial[b.l][b.c] = alphabet[b.k]
                let readers = a.readers + b.readers.filter { check in !a.readers.contains { $0.name == check.name } }
                if readers.allSatisfy({ schema.holds($0, in: trial) }) {
                    blind.insert([a.l, a.c]); blind.insert([b.l, b.c])
                }
                trial[b.l][b.c] = lines[b.l][b.c]
            }
            trial[a.l][a.c] = lines[a.l][a.c]
        }
        return blind.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
    }

    /// The cheapest change of one or two characters, among plausible alternatives, that makes the
    /// check hold; `nil` when there is none. `O` and `0` are always alternatives of each other,
    /// however sure the recogniser was of the one it read: OCR-B draws them almost alike, and
    /// the network can be sure of the wrong one. Such a change keeps the recogniser's low
    /// probability as its confidence, so the character it makes stays uncertain.
    static func repair(_ check: MRZSchema.Check, lines: [[UInt8]],
                       probabilities: [[[Float]]], schema: MRZSchema) -> [(Int, Int, Int)]? {
        // Alternatives per position: allowed, plausible or the look-alike, not the current choice.
        var options: [(line: Int, column: Int, klass: Int, cost: Double)] = []
        for (l, c) in check.positions {
            let p = probabilities[l][c]
            let current = alphabet.firstIndex(of: lines[l][c]) ?? 0
            for k in p.indices where k != current && (p[k] >= plausible || lookAlike(k, current))
                && schema.classes[l][c].allows(alphabet[k]) {
                options.append((l, c, k, log(Double(max(p[current], 1e-9))) - log(Double(max(p[k], 1e-9)))))
            }
        }
        var best: (cost: Double, changes: [(Int, Int, Int)])?
        func consider(_ changes: [(line: Int, column: Int, klass: Int, cost: Double)]) {
            let cost = changes.reduce(0) { $0 + $1.cost }
            if let best, best.cost <= cost { return }
            var trial = lines
            for change in changes { trial[change.line][change.column] = alphabet[change.klass] }
            if schema.holds(check, in: trial) { best = (cost, changes.map { ($0.line, $0.column, $0.klass) }) }
        }
        for (i, a) in options.enumerated() {
            consider([a])
            for b in options[(i + 1)...] where !(a.line == b.line && a.column == b.column) {
                consider([a, b])
            }
        }
        return best?.changes
    }

    /// The letters a format's document code may start with (ICAO 9303: P passports, V visas,
    /// I, A or C official travel documents of size 1 and 2).
    static func documentCodes(_ format: MRZFormat) -> [UInt8] {
        switch format {
        case .mrp: return [UInt8(ascii: "P")]
        case .mrvA, .mrvB: return [UInt8(ascii: "V")]
        case .td1, .td2: return [UInt8(ascii: "I"), UInt8(ascii: "A"), UInt8(ascii: "C")]
        case .cnis: return [UInt8(ascii: "I")]
        }
    }

    static func index(of byte: UInt8) -> Int { alphabet.firstIndex(of: byte) ?? 0 }

    /// The class the decoder takes from probabilities `p` at `[line, column]` of `schema`'s
    /// format, before any repair: at the document code's first letter the likeliest letter any
    /// format of this shape starts with (that letter chooses the format), elsewhere the likeliest
    /// character the field allows. A reading of a cell moved a little is judged by it: a cell
    /// that reads `1` where only a letter may stand is still decoded `I`.
    static func choice(_ p: [Float], line: Int, column: Int, schema: MRZSchema) -> Int {
        guard line == 0, column == 0 else { return argmax(p, allowed: schema.classes[line][column]) }
        let shapes = formats(lineCount: schema.format.lineCount, lineLength: schema.format.lineLength)
        return shapes.flatMap(documentCodes).map(index(of:)).max { p[$0] < p[$1] }!
    }

    /// The formats whose zone has `lineCount` lines of `lineLength` characters.
    static func formats(lineCount: Int, lineLength: Int) -> [MRZFormat] {
        MRZFormat.allCases.filter { $0.lineCount == lineCount && $0.lineLength == lineLength }
    }

    /// The characters `allowed` where `byte` stands whose check-digit value differs from its by a
    /// multiple of 10 (`A`, `K` and `U` for `0`; `Q` for `G`): no check digit tells them apart.
    static func twins(of byte: UInt8, allowed: MRZSchema.CharacterClass) -> [UInt8] {
        let value = MRZCheckDigit.value(of: byte)
        return alphabet.filter { $0 != byte && allowed.allows($0) && MRZCheckDigit.value(of: $0) % 10 == value % 10 }
    }

    /// Whether the likeliest character after `byte` among those `allowed`, by `p`, is one of its
    /// check-blind ``twins(of:allowed:)``.
    static func runnerUpIsTwin(_ p: [Float], of byte: UInt8, allowed: MRZSchema.CharacterClass) -> Bool {
        let twins = twins(of: byte, allowed: allowed)
        guard !twins.isEmpty else { return false }
        let chosen = index(of: byte)
        let runnerUp = p.indices.filter { $0 != chosen && allowed.allows(alphabet[$0]) }.max { p[$0] < p[$1] }
        return runnerUp.map { twins.contains(alphabet[$0]) } ?? false
    }

    /// Whether classes `a` and `b` are `O` and `0`, in either order.
    static func lookAlike(_ a: Int, _ b: Int) -> Bool {
        (a == letterO && b == digitZero) || (a == digitZero && b == letterO)
    }

    /// The probability of class `k` given that the position can only hold a character of
    /// `allowed`.
    static func posterior(_ p: [Float], _ k: Int, allowed: MRZSchema.CharacterClass) -> Float {
        var mass: Float = 0
        for j in p.indices where allowed.allows(alphabet[j]) { mass += p[j] }
        return mass > 0 ? p[k] / mass : p[k]
    }

    /// The class with the highest probability among those `allowed`.
    static func argmax(_ p: [Float], allowed: MRZSchema.CharacterClass) -> Int {
        var best = -1
        for k in p.indices where allowed.allows(alphabet[k]) && (best < 0 || p[k] > p[best]) { best = k }
        return max(0, best)
    }
}
