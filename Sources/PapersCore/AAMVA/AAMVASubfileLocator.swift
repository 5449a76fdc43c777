/// Finds where each subfile's data elements start, trusting the declared offsets only when
/// the bytes there agree.
///
/// Real payloads carry zero offsets, offsets shifted by a lost preamble byte, damaged
/// directory entries and subfiles without their leading designator, so each subfile is
/// looked for in turn at its declared offset, right after the directory, and by searching for
/// its designator followed by something shaped like an element identifier.
struct AAMVASubfileLocator {
    /// A subfile found in the payload.
    struct Located: Equatable {
        /// The subfile type.
        var designator: String
        /// Where the subfile begins (its designator, when present).
        var start: Int
        /// Where its first data element begins.
        var bodyStart: Int
        /// Where its data ends (exclusive).
        var end: Int
    }

    /// The subfiles found in `bytes`, in payload order, each with its extent.
    static func locate(in bytes: [UInt8], header reader: AAMVAHeaderReader) -> [Located] {
        var located: [Located] = []
        var floor = reader.directoryEnd
        for entry in reader.header.subfiles {
            guard let found = find(entry, in: bytes, reader: reader, floor: floor, isFirst: located.isEmpty),
                  !located.contains(where: { $0.bodyStart == found.bodyStart }) else { continue }
            located.append(found)
            floor = found.bodyStart
        }
        if !located.contains(where: { isDocument($0.designator) }) {
            // No document subfile where the directory said: look for any, anywhere after the header.
            let fallbackType = reader.header.subfiles.first(where: \.isDocumentSubfile)?.designator ?? "DL"
            for designator in [fallbackType, "DL", "ID"] {
                let entry = AAMVASubfile(designator: designator, offset: nil, length: nil)
                if let found = find(entry, in: bytes, reader: reader, floor: reader.directoryStart, isFirst: true) {
                    located.append(found)
                    break
                }
            }
        }
        located.sort { $0.bodyStart < $1.bodyStart }
        for index in located.indices {
            let next = located.index(after: index)
            let end = next < located.endIndex ? located[next].start : bytes.count
            located[index].end = max(located[index].bodyStart, min(end, bytes.count))
        }
        return located
    }

    private static func isDocument(_ designator: String) -> Bool {
        !designator.hasPrefix("Z")
    }

    /// `true` when the bytes at `index` can begin a data element of a subfile of this type.
    private static func startsElement(_ bytes: [UInt8], at index: Int, designator: [UInt8], known: Bool) -> Bool {
        if designator.first == UInt8(ascii: "Z") {
            return AAMVABytes.byte(bytes, index) == UInt8(ascii: "Z") && AAMVAElementID.isWellFormed(bytes, at: index)
        }
        return known ? AAMVAElementID.isKnown(bytes, at: index) : AAMVAElementID.isWellFormed(bytes, at: index)
    }

    private static func find(
        _ entry: AAMVASubfile, in bytes: [UInt8], reader: AAMVAHeaderReader, floor: Int, isFirst: Bool
    ) -> Located? {
        let designator = Array(entry.designator.utf8)
        guard designator.count == 2 else { return nil }
        let declared = entry.offset.map { offset in reader.offsetBases.map { $0 + offset } } ?? []
        let candidates = declared.filter { $0 >= floor && $0 < bytes.count }
        let make = { (start: Int, body: Int) in
            Located(designator: entry.designator, start: start, bodyStart: body, end: bytes.count)
        }

        // 1. The designator where the directory says, followed by an element or an empty subfile's end.
        for position in candidates where AAMVABytes.matches(bytes, at: position, designator) {
            let next = AAMVABytes.byte(bytes, position + 2)
            if next == nil || next.map(AAMVABytes.isSeparator) == true
                || startsElement(bytes, at: position + 2, designator: designator, known: false) {
                return make(position, position + 2)
            }
        }
        // 2. The first subfile often follows the directory directly, with or without its designator.
        if isFirst, reader.directoryEnd >= floor {
            let position = reader.directoryEnd
            if AAMVABytes.matches(bytes, at: position, designator),
               startsElement(bytes, at: position + 2, designator: designator, known: false) {
                return make(position, position + 2)
            }
            if startsElement(bytes, at: position, designator: designator, known: true) {
                return make(position, position)
            }
        }
        // 3. Search for the designator followed by an element identifier, after a separator first.
        var position = floor
        var loose: Int?
        while position + 5 <= bytes.count {
            if AAMVABytes.matches(bytes, at: position, designator),
               startsElement(bytes, at: position + 2, designator: designator, known: false) {
                let previous = AAMVABytes.byte(bytes, position - 1)
                if position == floor || previous.map(AAMVABytes.isSeparator) == true {
                    return make(position, position + 2)
                }
                if loose == nil { loose = position }
            }
            position += 1
        }
        if let loose { return make(loose, loose + 2) }
        // 4. A subfile without designator at its declared offset.
        for position in candidates where startsElement(bytes, at: position, designator: designator, known: true) {
            return make(position, position)
        }
        return nil
    }
}
