/// Reads the header of a payload, tolerating damaged preambles and directories.
///
/// The standard header is `@` LF RS CR, the file type, IIN, version, jurisdiction version,
/// entry count and 10 bytes per subfile. Scanners drop or replace preamble characters, so the
/// reader anchors on the file type instead, and stops at the first unreadable directory entry.
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
        var position = marker + fileTypeLength
        guard position + 6 <= bytes.count else { throw AAMVAError(code: .truncated, offset: position) }
        guard AAMVABytes.number(bytes, at: position, length: 6) != nil else {
            throw AAMVAError(code: .invalidIssuerIdentificationNumber, offset: position)
        }
        let iin = AAMVABytes.text(bytes[position..<(position + 6)])
        position += 6
        guard position + 2 <= bytes.count else { throw AAMVAError(code: .truncated, offset: position) }
        guard let version = AAMVABytes.number(bytes, at: position, length: 2) else {
            throw AAMVAError(code: .invalidVersion, offset: position)
        }
        position += 2
        guard position < bytes.count else { throw AAMVAError(code: .truncated, offset: position) }

        // Version 1 has no jurisdiction version, but some cards write one anyway (and some later
        // cards omit it): four digits before the first subfile type mean both fields are present.
        var jurisdictionVersion: Int?
        var entries: Int?
        let run = AAMVABytes.digitRun(bytes, at: position, limit: 4)
        if run >= 4 {
            jurisdictionVersion = AAMVABytes.number(bytes, at: position, length: 2)
            entries = AAMVABytes.number(bytes, at: position + 2, length: 2)
            position += 4
        } else if run >= 2 {
            entries = AAMVABytes.number(bytes, at: position, length: 2)
            position += 2
        }

        let directoryStart = position
        var subfiles: [AAMVASubfile] = []
        let limit = min(entries ?? Self.maximumEntries, Self.maximumEntries)
        while subfiles.count < limit {
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
    private static func findFileType(_ bytes: [UInt8]) -> (Int, Int)? {
        let end = min(bytes.count, searchWindow)
        for index in 0..<end {
            if AAMVABytes.matches(bytes, at: index, aamva) { return (index, 5) }
            if AAMVABytes.matches(bytes, at: index, ansi) {
                if let next = AAMVABytes.byte(bytes, index + 4), AAMVABytes.isDigit(next) { return (index, 4) }
                return (index, 5)
            }
        }
        return nil
    }
}
