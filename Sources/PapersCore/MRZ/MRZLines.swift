/// The lines of an MRZ as ASCII bytes, read by ``MRZField``.
struct MRZLines: Sendable {
    var bytes: [[UInt8]]

    subscript(field: MRZField) -> ArraySlice<UInt8> {
        get { bytes[field.line][field.range] }
        set { bytes[field.line].replaceSubrange(field.range, with: newValue) }
    }

    /// The single character at a one-character field.
    func byte(_ field: MRZField) -> UInt8 { bytes[field.line][field.range.lowerBound] }

    /// The text of a field with trailing fillers removed; `nil` when nothing is left.
    func trimmed(_ field: MRZField) -> String? { MRZText.trimFillers(self[field]) }

    var strings: [String] { bytes.map { String(decoding: $0, as: UTF8.self) } }
}

/// Conversions between MRZ characters and readable text.
enum MRZText {
    static let filler = UInt8(ascii: "<")

    /// Drops trailing fillers; `nil` when nothing is left.
    static func trimFillers(_ bytes: ArraySlice<UInt8>) -> String? {
        guard let last = bytes.lastIndex(where: { $0 != filler }) else { return nil }
        return String(decoding: bytes[bytes.startIndex...last], as: UTF8.self)
    }

    /// Turns fillers into single spaces, collapsing runs and trimming the ends; `nil` when empty.
    static func words(_ bytes: ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var pendingSpace = false
        for byte in bytes {
            if byte == filler {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(UInt8(ascii: " ")) }
                pendingSpace = false
                out.append(byte)
            }
        }
        return out.isEmpty ? nil : String(decoding: out, as: UTF8.self)
    }

    /// Splits a name field into primary and secondary identifiers at the first `<<`.
    static func names(_ bytes: ArraySlice<UInt8>) -> (primary: String?, secondary: String?) {
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            if bytes[index] == filler && bytes[index + 1] == filler {
                return (words(bytes[bytes.startIndex..<index]), words(bytes[(index + 2)...]))
            }
            index += 1
        }
        return (words(bytes), nil)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    static func isLetter(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    static func isMRZ(_ byte: UInt8) -> Bool { isDigit(byte) || isLetter(byte) || byte == filler }
}
