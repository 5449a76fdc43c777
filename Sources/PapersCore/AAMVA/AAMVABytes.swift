/// Bounds-checked helpers over the payload bytes; nothing here can trap on untrusted input.
enum AAMVABytes {
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let recordSeparator: UInt8 = 0x1E
    static let at: UInt8 = 0x40

    /// The byte at `index`, or `nil` outside the buffer.
    static func byte(_ bytes: [UInt8], _ index: Int) -> UInt8? {
        index >= 0 && index < bytes.count ? bytes[index] : nil
    }

    /// `true` for `0`–`9`.
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// `true` for `A`–`Z`.
    static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }

    /// `true` for separators that end a data element or a subfile: LF, CR and RS.
    static func isSeparator(_ byte: UInt8) -> Bool {
        byte == lineFeed || byte == carriageReturn || byte == recordSeparator
    }

    /// `true` for other control characters, which scanners sometimes insert and are dropped.
    static func isStrayControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && !isSeparator(byte)) || byte == 0x7F
    }

    /// The decimal value of `length` digits at `index`, or `nil` if any is missing or not a digit.
    static func number(_ bytes: [UInt8], at index: Int, length: Int) -> Int? {
        guard index >= 0, length > 0, index + length <= bytes.count else { return nil }
        var value = 0
        for position in index..<(index + length) {
            let byte = bytes[position]
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// `true` when `pattern` occurs at `index`.
    static func matches(_ bytes: [UInt8], at index: Int, _ pattern: [UInt8]) -> Bool {
        guard index >= 0, index + pattern.count <= bytes.count else { return false }
        for (offset, expected) in pattern.enumerated() where bytes[index + offset] != expected { return false }
        return true
    }

    /// The text of a byte range: UTF-8 when valid, otherwise ISO 8859-1 (one character a byte).
    static func text(_ bytes: some Collection<UInt8>) -> String {
        if let utf8 = String(validating: bytes, as: UTF8.self) { return utf8 }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
