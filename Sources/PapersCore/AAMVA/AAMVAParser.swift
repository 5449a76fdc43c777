/// Parses the PDF417 payload of AAMVA driver licences and ID cards, versions 1 (2000) to 11 (2025).
///
/// The parser is made for what real scanners return: a UTF-8 byte-order mark, leading garbage,
/// damaged or missing preamble characters, `AAMVA` instead of `ANSI `, line breaks inside the
/// header, wrong or zero subfile offsets, LF turned into CR, CRLF, GS or NUL or dropped, stray
/// control characters. Any byte sequence either parses or throws an ``AAMVAError``; none can trap.
public enum AAMVAParser {
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Parses a payload.
    ///
    /// - Throws: ``AAMVAError`` when there is no readable header, or neither a `DL`/`ID` subfile with
    ///   data elements nor a `DL`/`ID` entry in the header's directory.
    public static func parse(_ bytes: [UInt8]) throws(AAMVAError) -> AAMVADocument {
        // LF, CR and RS are structure; other control characters (NUL, GS, TAB, ESC…) come from
        // scanners. The header is read without them, then each one that stands where a data
        // element begins becomes LF and the others are dropped.
        let unmarked = stripByteOrderMark(bytes)
        var bytes = unmarked.filter { !AAMVABytes.isStrayControl($0) }
        var reader = try AAMVAHeaderReader(bytes)
        if bytes.count != unmarked.count {
            let header = reader.header
            let normalized = AAMVAControlCharacters.normalize(
                unmarked, version: header.aamvaVersion, designators: header.subfiles.map(\.designator),
                jurisdictionCode: AAMVAJurisdiction(issuerIdentificationNumber: header.issuerIdentificationNumber)?.code
            )
            if normalized != bytes, let second = try? AAMVAHeaderReader(normalized) {
                bytes = normalized
                reader = second
            }
        }
        var elements: [String: [String: String]] = [:]
        var documentDesignator: String?
        for subfile in AAMVASubfileLocator.locate(in: bytes, header: reader) {
            let found = AAMVAElementReader.elements(
                in: bytes, range: subfile.bodyStart..<subfile.end, designator: subfile.designator,
                version: reader.header.aamvaVersion
            )
            guard !found.isEmpty else { continue }
            var values = elements[subfile.designator] ?? [:]
            for (id, value) in found where values[id] == nil { values[id] = value }
            elements[subfile.designator] = values
            if documentDesignator == nil, !subfile.designator.hasPrefix("Z") { documentDesignator = subfile.designator }
        }
        // A payload cut after its header (a partial scan) still says who issued it and what it is:
        // it parses with no data elements, from the directory's first DL or ID entry.
        let listed = reader.header.subfiles.first { !$0.designator.hasPrefix("Z") }?.designator
        guard let documentDesignator = documentDesignator ?? listed else {
            throw AAMVAError(code: .noDataElements, offset: reader.directoryEnd)
        }
        return AAMVADocument(header: reader.header, documentDesignator: documentDesignator, elements: elements)
    }

    /// Parses a payload given as any collection of bytes (`Data`, `ArraySlice`, …).
    ///
    /// - Throws: ``AAMVAError``, as for a byte array.
    public static func parse(_ data: some Collection<UInt8>) throws(AAMVAError) -> AAMVADocument {
        try parse(Array(data))
    }

    /// Reads only the header of a payload (which may hold nothing else).
    ///
    /// - Throws: ``AAMVAError`` when there is no readable header.
    public static func parseHeader(_ bytes: [UInt8]) throws(AAMVAError) -> AAMVAHeader {
        try AAMVAHeaderReader(stripByteOrderMark(bytes)).header
    }

    private static func stripByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
        AAMVABytes.matches(bytes, at: 0, byteOrderMark) ? Array(bytes.dropFirst(3)) : bytes
    }
}
