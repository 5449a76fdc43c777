/// Splits the body of a subfile into data elements: a three-character identifier and its value.
///
/// Elements end at LF; CR, CRLF and RS are accepted too (keyboard-wedge scanners rewrite LF),
/// stray control characters are dropped, and a body that lost its separators altogether is
/// split on known element identifiers instead.
enum AAMVAElementReader {
    /// A body with fewer separated pieces than this, and longer than ``strippedMinimumLength``,
    /// is treated as having lost its separators.
    static let strippedPieceLimit = 3
    /// See ``strippedPieceLimit``.
    static let strippedMinimumLength = 40

    /// The elements of `bytes[range]` in order, the first occurrence of each identifier only.
    static func elements(
        in bytes: [UInt8], range: Range<Int>, designator: String, version: Int
    ) -> [(id: String, value: String)] {
        let lower = max(0, min(range.lowerBound, bytes.count))
        let upper = max(lower, min(range.upperBound, bytes.count))
        var pieces: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in bytes[lower..<upper] {
            if AAMVABytes.isSeparator(byte) {
                if !current.isEmpty { pieces.append(current) }
                current = []
            } else if !AAMVABytes.isStrayControl(byte) {
                current.append(byte)
            }
        }
        if !current.isEmpty { pieces.append(current) }

        let length = pieces.reduce(0) { $0 + $1.count }
        if pieces.count < strippedPieceLimit, length > strippedMinimumLength {
            let joined = pieces.flatMap { $0 }
            let split = splitOnIdentifiers(joined, designator: designator, version: version)
            if split.count > pieces.count { pieces = split }
        }

        var result: [(id: String, value: String)] = []
        var seen: Set<String> = []
        for piece in pieces where AAMVAElementID.isWellFormed(piece, at: 0) {
            let id = AAMVABytes.text(piece[0..<3])
            guard seen.insert(id).inserted else { continue }
            result.append((id, AAMVABytes.text(piece[3...])))
        }
        return result
    }

    /// Splits separator-less text at each identifier not seen before: known standard ones in a
    /// document subfile, the designator followed by a letter in a jurisdiction subfile.
    static func splitOnIdentifiers(_ bytes: [UInt8], designator: String, version: Int) -> [[UInt8]] {
        let prefix = Array(designator.utf8)
        let isJurisdiction = prefix.first == UInt8(ascii: "Z")
        var starts: [Int] = []
        var seen: Set<String> = []
        var index = 0
        while index + 3 <= bytes.count {
            let isStart: Bool
            if isJurisdiction {
                isStart = AAMVABytes.matches(bytes, at: index, prefix) && AAMVABytes.isUpper(bytes[index + 2])
            } else {
                isStart = AAMVAElementID.isIdentifier(bytes, at: index, version: version)
            }
            if isStart, !seen.contains(AAMVABytes.text(bytes[index..<(index + 3)])) {
                // "…RICHMONDDAJVA": "DDA" and "DAJ" overlap; the identifier is the last of the run.
                var start = index
                while start + 1 < index + 3, AAMVAElementID.isIdentifier(bytes, at: start + 1, version: version),
                      !seen.contains(AAMVABytes.text(bytes[(start + 1)..<(start + 4)])) {
                    start += 1
                }
                seen.insert(AAMVABytes.text(bytes[start..<(start + 3)]))
                starts.append(start)
                index = start + 3
            } else {
                index += 1
            }
        }
        var pieces: [[UInt8]] = []
        for (number, start) in starts.enumerated() {
            let end = number + 1 < starts.count ? starts[number + 1] : bytes.count
            pieces.append(Array(bytes[start..<end]))
        }
        return pieces
    }
}
