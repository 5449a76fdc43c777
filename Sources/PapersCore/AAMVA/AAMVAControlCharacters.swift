/// Decides what each stray control character of a payload stands for.
///
/// AAMVA DL/ID Card Design Standard 2020, annex D, separates data elements with LF and ends
/// subfiles with CR; scanners and keyboard wedges turn some of those separators into GS, NUL or
/// another control character, and insert control characters inside values. A stray control
/// character (see ``AAMVABytes/isStrayControl(_:)``) directly followed by a data element
/// identifier of the payload's version, a jurisdiction element identifier, or a subfile
/// designator and one of those, stands for a separator and becomes LF; any other is noise and is
/// dropped.
enum AAMVAControlCharacters {
    /// `bytes` with each run of stray control characters replaced by LF where it separates two
    /// data elements, and removed elsewhere.
    ///
    /// - Parameters:
    ///   - version: the AAMVA version from the header, which decides the identifiers recognised.
    ///   - designators: the subfile designators the payload declares (`DL`, `ZV`…).
    ///   - jurisdictionCode: the issuer's code, whose first letter names its `Z` subfile.
    static func normalize(_ bytes: [UInt8], version: Int, designators: [String], jurisdictionCode: String?) -> [UInt8] {
        var subfiles = Set(designators.compactMap { $0.utf8.count == 2 ? Array($0.utf8) : nil })
        subfiles.formUnion([Array("DL".utf8), Array("ID".utf8)])
        var jurisdictionLetters = Set(subfiles.filter { $0[0] == UInt8(ascii: "Z") }.map { $0[1] })
        if let letter = jurisdictionCode?.utf8.first { jurisdictionLetters.insert(letter) }

        let startsElement = { (index: Int) -> Bool in
            if AAMVAElementID.isIdentifier(bytes, at: index, version: version) { return true }
            guard AAMVABytes.byte(bytes, index) == UInt8(ascii: "Z"),
                  let letter = AAMVABytes.byte(bytes, index + 1), jurisdictionLetters.contains(letter),
                  let third = AAMVABytes.byte(bytes, index + 2) else { return false }
            return AAMVABytes.isUpper(third)
        }

        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard AAMVABytes.isStrayControl(byte) else {
                result.append(byte)
                index += 1
                continue
            }
            var next = index + 1
            while next < bytes.count, AAMVABytes.isStrayControl(bytes[next]) { next += 1 }
            let designated = subfiles.contains { AAMVABytes.matches(bytes, at: next, $0) } && startsElement(next + 2)
            if let last = result.last, !AAMVABytes.isSeparator(last), startsElement(next) || designated {
                result.append(AAMVABytes.lineFeed)
            }
            index = next
        }
        return result
    }
}
