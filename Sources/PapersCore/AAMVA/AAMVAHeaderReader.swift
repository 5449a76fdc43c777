/// Reads the header of a payload, tolerating damaged preambles and directories.
///
/// The standard header (AAMVA DL/ID Card Design Standard 2020, annex D) is `@` LF RS CR,
/// the file type, IIN, version, jurisdiction version, entry count and 10 bytes per subfile.
/// Scanners drop or replace preamble characters, so the reader anchors on the file type instead;
/// it steps over line breaks and spaces a scanner put between header fields or directory
/// entries, and stops at the first unreadable directory entry.
struct AAMVAHeaderReader {
    /// The header as read.
    var header: AAMVAHeader
    /// Candidate positions of the compliance indicator that subfile offsets count from.
    var offsetBases: [Int]
    /// The position just after the readable part of the subfile directory.
    var directoryEnd: Int
    /// The position where the directory starts.
    var directoryStart: Int

    /// How far into the payload the file type is looked for.
    static let searchWindow = 32
    /// The most directory entries read, whatever the header claims.
    static let maximumEntries = 16

    private static let ansi = Array("ANSI".utf8)
    private static let aamva = Array("AAMVA".utf8)

    /// Reads the header of `bytes` (a byte-order mark already removed).
    init(_ bytes: [UInt8]) throws(AAMVAError) {
        guard !bytes.isEmpty else { throw AAMVAError(code: .empty, offset: 0) }
        guard let (marker, fileTypeLength) = Self.findFileType(bytes) else {
            throw AAMVAError(code: .noHeader, offset: 0)
        }
        guard marker + fileTypeLength <= bytes.count else { throw AAMVAError(code: .truncated, offset: bytes.count) }
        let fileType = AAMVABytes.text(bytes[marker..<(marker + fileTypeLength)])
        var position = Self.skipGap(bytes, from: marker + fileTypeLength)
        guard position + 6 <= bytes.count else { throw AAMVAError(code: .truncated, offset: position) }
        guard AAMVABytes.number(bytes, at: position, length: 6) != nil else {
            throw AAMVAError(code: .invalidIssuerIdentificationNumber, offset: position)
        }
        let iin = AAMVABytes.text(bytes[position..<(position + 6)])
        position = Self.skipGap(bytes, from: position + 6)
        guard position + 2 <= bytes.count else { throw AAMVAError(code: .truncated, offset: position) }
        guard let version = AAMVABytes.number(bytes, at: position, length: 2) else {
            throw AAMVAError(code: .invalidVersion, offset: position)
        }
        position = Self.skipGap(bytes, from: position + 2)
        guard position < bytes.count else { throw AAMVAError(code: .truncated, offset: position) }

        // Version 1 has no jurisdiction version, but some cards write one anyway (and some later
        // cards omit it): four digits before the first subfile type mean both fields are present.
        var jurisdictionVersion: Int?
        var entries: Int?
        let digits = Self.digits(bytes, from: position, limit: 4)
        if digits.count >= 4 {
            jurisdictionVersion = digits[0].value * 10 + digits[1].value
            entries = digits[2].value * 10 + digits[3].value
            position = digits[3].position + 1
        } else if digits.count >= 2 {
            entries = digits[0].value * 10 + digits[1].value
            position = digits[1].position + 1
        }

        let directoryStart = position
        var subfiles: [AAMVASubfile] = []
        let limit = min(entries ?? Self.maximumEntries, Self.maximumEntries)
        while subfiles.count < limit {
            // A line break between entries is stepped over only when a whole entry follows it.
            let next = Self.skipGap(bytes, from: position)
            if next != position, Self.isCompleteEntry(bytes, at: next) { position = next }
            guard let first = AAMVABytes.byte(bytes, position), let second = AAMVABytes.byte(bytes, position + 1),
                  AAMVABytes.isUpper(first), AAMVABytes.isUpper(second) || AAMVABytes.isDigit(second) else { break }
            let designator = AAMVABytes.text([first, second])
            let offset = AAMVABytes.number(bytes, at: position + 2, length: 4)
            let length = AAMVABytes.number(bytes, at: position + 6, length: 4)
            guard let offset, let length else {
                // The entry is damaged: keep its type, stop reading (alignment is lost).
                subfiles.append(AAMVASubfile(designator: designator, offset: offset, length: nil))
                position += 2
                break
            }
            subfiles.append(AAMVASubfile(designator: designator, offset: offset, length: length))
            position += 10
        }
        if subfiles.isEmpty, position >= bytes.count {
            throw AAMVAError(code: .truncated, offset: position)
        }

        header = AAMVAHeader(
            fileType: fileType, issuerIdentificationNumber: iin, aamvaVersion: version,
            jurisdictionVersion: jurisdictionVersion, numberOfEntries: entries, subfiles: subfiles
        )
        // Offsets count from '@'; the standard preamble is 4 bytes before the file type.
        var bases = [marker - 4]
        if let at = bytes[..<marker].lastIndex(of: AAMVABytes.at), at != marker - 4 { bases.append(at) }
        offsetBases = bases
        self.directoryStart = directoryStart
        directoryEnd = position
    }

    /// The position and length of the file type: `ANSI `, `ANSI` directly followed by the IIN, or `AAMVA`.
    ///
    /// It is looked for in the first ``searchWindow`` bytes, the first one followed by a
    /// six-digit IIN taken; then, past leading garbage (a scanner's prefix, a symbology
    /// identifier, a log line), anywhere a compliance indicator `@` shortly before it and the IIN
    /// after it confirm a header; last, the first one in the window whatever follows it.
    private static func findFileType(_ bytes: [UInt8]) -> (Int, Int)? {
        let hasIIN = { (index: Int, length: Int) in
            AAMVABytes.number(bytes, at: skipGap(bytes, from: index + length), length: 6) != nil
        }
        var unconfirmed: (Int, Int)?
        for index in 0..<min(bytes.count, searchWindow) {
            guard let length = fileTypeLength(bytes, at: index) else { continue }
            if hasIIN(index, length) { return (index, length) }
            if unconfirmed == nil { unconfirmed = (index, length) }
        }
        if bytes.count > searchWindow {
            for index in searchWindow..<bytes.count {
                guard let length = fileTypeLength(bytes, at: index),
                      bytes[max(0, index - preambleReach)..<index].contains(AAMVABytes.at), hasIIN(index, length) else { continue }
                return (index, length)
            }
        }
        return unconfirmed
    }

    /// How far before a file type found past ``searchWindow`` its compliance indicator may be
    /// (the standard preamble is 4 bytes; scanners add a CR or a doubled separator).
    static let preambleReach = 8

    /// The length of the file type at `index`, or `nil` when there is none.
    private static func fileTypeLength(_ bytes: [UInt8], at index: Int) -> Int? {
        if AAMVABytes.matches(bytes, at: index, aamva) { return 5 }
        guard AAMVABytes.matches(bytes, at: index, ansi) else { return nil }
        if let next = AAMVABytes.byte(bytes, index + 4), AAMVABytes.isDigit(next) { return 4 }
        return 5
    }

    /// The position of the first byte from `position` on that is not a line break (LF, CR, RS)
    /// or a space: what scanners put between header fields that the standard writes contiguously.
    static func skipGap(_ bytes: [UInt8], from position: Int) -> Int {
        var index = max(0, position)
        while let byte = AAMVABytes.byte(bytes, index), AAMVABytes.isSeparator(byte) || byte == 0x20 { index += 1 }
        return index
    }

    /// Up to `limit` digits from `position` on, stepping over gaps between them, each with its
    /// position; stops at the first byte that is neither.
    private static func digits(_ bytes: [UInt8], from position: Int, limit: Int) -> [(value: Int, position: Int)] {
        var found: [(value: Int, position: Int)] = []
        var index = position
        while found.count < limit {
            index = found.isEmpty ? index : skipGap(bytes, from: index)
            guard let byte = AAMVABytes.byte(bytes, index), AAMVABytes.isDigit(byte) else { break }
            found.append((Int(byte - 0x30), index))
            index += 1
        }
        return found
    }

    /// `true` when a whole directory entry starts at `index`: a subfile type and two 4-digit numbers.
    private static func isCompleteEntry(_ bytes: [UInt8], at index: Int) -> Bool {
        guard let first = AAMVABytes.byte(bytes, index), let second = AAMVABytes.byte(bytes, index + 1),
              AAMVABytes.isUpper(first), AAMVABytes.isUpper(second) || AAMVABytes.isDigit(second) else { return false }
        return AAMVABytes.number(bytes, at: index + 2, length: 8) != nil
    }
}
