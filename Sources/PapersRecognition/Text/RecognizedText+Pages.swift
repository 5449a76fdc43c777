extension RecognizedText {
    /// Several photos of one document as one page of text: each page's lines below the last, its
    /// boxes moved down by the heights above it. Photos of a long receipt overlap: lines at the
    /// top of a page that repeat the lines at the bottom of the one before (the same text, up to
    /// a fifth of its characters misread) are dropped, so that no item is counted twice.
    public static func stacking(_ pages: [RecognizedText]) -> RecognizedText {
        guard var stacked = pages.first else { return RecognizedText(width: 0, height: 0, lines: []) }
        for page in pages.dropFirst() {
            let repeated = overlap(of: stacked.lines, with: page.lines)
            let offset = stacked.height
            let blockOffset = (stacked.lines.map(\.block).max() ?? -1) + 1
            let moved = page.lines.map { line in
                RecognizedLine(words: line.words.map {
                    RecognizedWord(text: $0.text, box: TextBox(x: $0.box.x, y: $0.box.y + offset, width: $0.box.width, height: $0.box.height),
                                   confidence: $0.confidence)
                }, block: line.block + blockOffset)
            }
            // Of a line both photos show, the fuller reading stays (a photo's edge may cut a price off).
            let first = stacked.lines.count - repeated
            for index in 0..<repeated where normalized(moved[index].text).count > normalized(stacked.lines[first + index].text).count {
                stacked.lines[first + index] = moved[index]
            }
            stacked.lines += moved.dropFirst(repeated)
            stacked.width = max(stacked.width, page.width)
            stacked.height += page.height
        }
        return stacked
    }

    /// How many of `next`'s first lines repeat `previous`'s last lines, in order: the longest such
    /// run of at most eight lines holding at least eight letters and digits between them (a line
    /// may be cut short in one photo, see ``nearlyEqual(_:_:)``).
    static func overlap(of previous: [RecognizedLine], with next: [RecognizedLine]) -> Int {
        let tail = previous.suffix(8).map { normalized($0.text) }
        let head = next.prefix(8).map { normalized($0.text) }
        for count in stride(from: min(tail.count, head.count), through: 1, by: -1) {
            let ending = tail.suffix(count), starting = head.prefix(count)
            guard ending.reduce(0, { $0 + $1.count }) >= 8 else { continue }
            if zip(ending, starting).allSatisfy({ nearlyEqual($0, $1) }) { return count }
        }
        return 0
    }

    /// The line's letters and digits, upper-cased.
    static func normalized(_ text: String) -> [Character] {
        text.uppercased().filter { $0.isLetter || $0.isNumber }.map { $0 }
    }

    /// Whether two lines are the same text read twice: non-empty, and apart by at most a fifth of
    /// the shorter one's characters (edits), once the longer is cut to the shorter's length plus
    /// that allowance (a photo's edge may cut the end of a line off, such as its price).
    static func nearlyEqual(_ a: [Character], _ b: [Character]) -> Bool {
        guard !a.isEmpty, !b.isEmpty else { return false }
        let shorter = min(a.count, b.count), allowed = shorter / 5
        let a = Array(a.prefix(shorter + allowed)), b = Array(b.prefix(shorter + allowed))
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in 1...b.count {
                let above = row[j]
                row[j] = min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count] <= allowed
    }
}
