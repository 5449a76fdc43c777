import PapersCore
import PapersImaging

/// Reads the machine-readable zone of a passport, ID card or visa from a photo or a rectified
/// document: finds the MRZ lines (upright or upside down), straightens them, cuts them into
/// fixed-pitch cells, classifies each cell with the bundled OCR-B recogniser and lets the check
/// digits choose among the recogniser's likely alternatives.
public struct MRZReader: Sendable {
    /// The character classifier.
    public let classifier: OCRBClassifier
    /// Below this probability a character is unsure: a check digit vouches for one unsure
    /// character of its run, not two, and lines where more than a quarter of the characters are
    /// unsure are not read. Default 0.5. Characters no check covers have their own, stricter
    /// ``unprotectedThreshold``.
    public var uncertaintyThreshold = 0.5
    /// Characters no check digit covers (names, nationality, sex, optional data) below this
    /// probability make a reading uncertain. Default 0.9: nothing else catches a misread letter
    /// there, and blurred or heavy print can make the recogniser fairly sure of the wrong one
    /// (an H read as an M at 0.87).
    public var unprotectedThreshold = 0.9
    /// Images wider than this are searched for the MRZ at this width (reading uses full resolution). Default 1000.
    public var searchWidth = 1000
    /// Whether cells are placed again where the recogniser reads them best (by its scores) where
    /// the grid settled in the gaps between characters gives no verified reading. Default true.
    public var placesCellsByScores = true

    /// A reader using `classifier`.
    public init(classifier: OCRBClassifier) {
        self.classifier = classifier
    }

    /// A reader with the bundled OCR-B model.
    public static func bundled() throws(RecognitionError) -> MRZReader {
        MRZReader(classifier: try OCRBClassifier.bundled())
    }

    /// Reads the MRZ in `image` (gray or colour). With `quarterTurns` (the default) a photo in
    /// which no MRZ-like lines run across is searched again turned by 90° both ways; a document
    /// already straightened to landscape needs no such search. A `straightened` document is
    /// searched only for MRZ-sized print (a passport's MRZ spans the page: no tiny text).
    ///
    /// - Throws: ``RecognitionError`` `noMRZ` when nothing looks like an MRZ, `mrzUnreadable`
    ///   when MRZ-like lines are there but cannot be cut into characters.
    public func read(_ image: Image, quarterTurns: Bool = true, straightened: Bool = false) throws(RecognitionError) -> MRZReading {
        try read(image, rotations: quarterTurns ? [nil, .clockwise, .counterClockwise] : [nil], straightened: straightened, picture: nil)
    }

    /// Reads the MRZ in `image` searched in each of `rotations` in turn (`nil`: as it is) until
    /// one gives a reading. Lines found upside down are read turned by 180° in any rotation.
    /// `picture` is where the image holds real pixels (all of it by default); characters outside
    /// are cut off and not read. `gapFractions`, when given, are the only text sizes searched
    /// (see ``MRZLocator/candidates(in:gapFractions:maximumCount:faint:)``). With `faint` false,
    /// faint print is not looked for.
    func read(_ image: Image, rotations: [Image.Rotation?], straightened: Bool,
              picture: Quadrilateral? = nil, gapFractions: [Double]? = nil, faint: Bool = true) throws(RecognitionError) -> MRZReading {
        let gray = (image.format == .gray ? image : image.grayscale()).packed
        var sawLines = false
        var capHeight: Double?
        // Each rotation's image and its search copy, made on first need.
        var turned: [(upright: Image, search: Image, factor: Double)?] = Array(repeating: nil, count: rotations.count)
        // The candidates of each rotation, at each contrast, located on first need.
        var located: [[MRZLocator.Candidate]?] = Array(repeating: nil, count: 2 * rotations.count)
        // Print as dark as usual first, in every rotation; where none of it decodes, faint print
        // (laser engraving, worn or washed-out ink) is looked for with a lower contrast. Candidates
        // assembled from broken or sparse lines come last, at each contrast in turn: their geometry
        // is the least sure, and one that reads as mostly guesses is passed over rather than taken
        // as the cause.
        let contrasts = faint ? [false, true] : [false]
        for (faintPass, assembled) in contrasts.map({ ($0, false) }) + contrasts.map({ ($0, true) }) {
            for (r, rotation) in rotations.enumerated() {
                if turned[r] == nil {
                    let upright = rotation.map { gray.rotated($0) } ?? gray
                    let factor = upright.width > searchWidth ? Double(searchWidth) / Double(upright.width) : 1
                    let search = factor < 1
                        ? upright.resized(width: searchWidth, height: max(1, Int(Double(upright.height) * factor)))
                        : upright
                    turned[r] = (upright, search, factor)
                }
                guard let (upright, search, factor) = turned[r] else { continue }
                let uprightPicture = picture.map { quad in rotation.map { quad.rotated($0, width: gray.width, height: gray.height) } ?? quad }
                let key = (faintPass ? rotations.count : 0) + r
                if located[key] == nil {
                    located[key] = MRZLocator.candidates(
                        in: search, gapFractions: gapFractions ?? (straightened ? MRZLocator.documentGaps : MRZLocator.photoGaps),
                        faint: faintPass)
                }
                let candidates = (located[key] ?? []).filter { $0.assembled == assembled }
                guard !candidates.isEmpty else { continue }
                // Faint lines that read as nothing are texture: only print found at the usual
                // contrast makes the cause an unreadable MRZ rather than none.
                if !faintPass { sawLines = true }
                var views = CandidateViews(upright: upright, picture: uprightPicture,
                                           candidates: candidates.map { $0.lines.map { $0.scaled(by: 1 / factor) } })
                var best = bestDecoding(&views, placement: .gaps)
                // Each decoding kept is read (checks, blind characters, parse) once.
                let doubted = best.map(doubtingShifts)
                var read = doubted.map(reading(from:))
                // Cells settled in the gaps between characters are fast and usually right; where they
                // give no verified reading (touching characters leave no gaps, or the grid fell out of
                // step), the cells are placed again by the recogniser's scores, and the better kept.
                if placesCellsByScores, !(read?.isVerified ?? false),
                   let placed = bestDecoding(&views, placement: .scores),
                   best.map({ Self.better(placed, than: $0) }) ?? true {
                    best = placed
                    read = reading(from: Self.sharingTwins(doubtingShifts(placed), from: doubted))
                }
                if !faintPass { capHeight = capHeight ?? views.capHeight }
                if let best, let read {
                    // Lines where many characters are guesses are not an MRZ reading at all
                    // (print that only looks like an MRZ, such as a barcode's rows, reads so).
                    let all = best.confidences.joined()
                    let unsure = Self.unsureCount(of: read, below: uncertaintyThreshold)
                    guard Double(unsure) <= Self.mostUnsure * Double(all.count) else {
                        if assembled { continue }
                        let underGlare = all.filter { $0 == Self.washedOutConfidence }.count
                        throw RecognitionError(code: .mrzUnreadable, detail: Self.unsureCause(
                            unsure: unsure, of: all.count, underGlare: underGlare, capHeight: views.capHeight))
                    }
                    return read
                }
            }
        }
        guard sawLines else { throw RecognitionError(code: .noMRZ) }
        throw RecognitionError(code: .mrzUnreadable, detail: "MRZ-like lines were found but the characters' cells could not be placed on them"
            + (capHeight.map { $0 < Self.smallCapHeight ? " (too small: cap height \(Int($0.rounded())) px)" : "" } ?? ""))
    }

    /// `decoded` with the check-blind twins that `other`, a decoding of the same print with its
    /// cells placed otherwise, found where both read the same character: a cell that shows a twin
    /// under one placement is no surer for being placed where the recogniser sees none.
    static func sharingTwins(_ decoded: MRZDecoder.Decoded, from other: MRZDecoder.Decoded?) -> MRZDecoder.Decoded {
        guard let other, other.lines.map(\.count) == decoded.lines.map(\.count) else { return decoded }
        var decoded = decoded
        decoded.movedTwins.formUnion(other.movedTwins.filter { decoded.lines[$0[0]][$0[1]] == other.lines[$0[0]][$0[1]] })
        return decoded
    }

    /// The largest share of a reading's characters that may be unsure before it is refused as
    /// unreadable. Right readings of the evaluation sets have at most 6% unsure; readings past
    /// this share are wrong in most of their characters.
    static let mostUnsure = 0.2

    /// The characters of `reading` that are unsure: read below `threshold`, or left uncertain
    /// by the checks (``MRZReading/uncertainPositions``).
    static func unsureCount(of reading: MRZReading, below threshold: Double) -> Int {
        var unsure = Set(reading.uncertainPositions)
        for (l, row) in reading.confidences.enumerated() {
            for (c, p) in row.enumerated() where p < threshold { unsure.insert(MRZReading.Position(line: l + 1, column: c + 1)) }
        }
        return unsure.count
    }

    /// Below this cap height, in pixels, print is named too small when it cannot be read.
    static let smallCapHeight = 12.0

    /// The one-line cause of a reading with too many unsure characters: glare when it washed out
    /// most of them, else text too small when its cap height is under ``smallCapHeight``, else blur.
    static func unsureCause(unsure: Int, of total: Int, underGlare: Int, capHeight: Double?) -> String {
        if 2 * underGlare >= unsure { return "\(unsure) of \(total) characters unsure, \(underGlare) of them under glare" }
        if let capHeight, capHeight < smallCapHeight {
            return "\(unsure) of \(total) characters unsure: too small, cap height \(Int(capHeight.rounded())) px"
        }
        return "\(unsure) of \(total) characters unsure" + (underGlare > 0 ? ", \(underGlare) of them under glare" : " (blurred)")
    }

    /// How a line's character cells are placed.
    enum CellPlacement {
        /// A fixed-pitch grid settled in the gaps between characters (``MRZLineSegmenter``).
        case gaps
        /// Where the recogniser reads them best (``MRZCellPlacer``).
        case scores
    }

    /// The located candidates of one rotation, each seen as it is and upside down, with their
    /// lines straightened on first need and kept for every placement and length tried.
    struct CandidateViews {
        let upright: Image
        let picture: Quadrilateral?
        /// Each candidate's lines, in `upright`'s pixels.
        let candidates: [[TextLine]]
        private var upsideDown: Image?
        /// The straightened lines of candidate `c` as it is (`2c`) and upside down (`2c + 1`).
        private var prepared: [PreparedLines]

        init(upright: Image, picture: Quadrilateral?, candidates: [[TextLine]]) {
            self.upright = upright
            self.picture = picture
            self.candidates = candidates
            prepared = candidates.flatMap { [PreparedLines(count: $0.count), PreparedLines(count: $0.count)] }
        }

        /// The cap height of the first candidate's print, in pixels: the text band of its first
        /// line as straightened, or before any line is, the located lines' median text height.
        var capHeight: Double? {
            for lines in prepared.prefix(2) {
                if let made = lines.lines.first, let tried = made, let line = tried { return Double(line.bottom + 1 - line.top) }
            }
            guard let lines = candidates.first, !lines.isEmpty else { return nil }
            return lines.map(\.height).sorted()[lines.count / 2]
        }

        /// Candidate `c` upright or `flipped` (turned by 180°): the image, its lines and picture.
        mutating func view(_ c: Int, flipped: Bool) -> (source: Image, lines: [TextLine], picture: Quadrilateral?) {
            let lines = candidates[c]
            guard flipped else { return (upright, lines, picture) }
            if upsideDown == nil { upsideDown = upright.rotated(.half) }
            return (upsideDown!, lines.reversed().map { $0.rotatedHalfTurn(width: Double(upright.width), height: Double(upright.height)) },
                    picture?.rotated(.half, width: upright.width, height: upright.height))
        }

        /// The straightened lines of candidate `c`, upright or `flipped`, shared by every attempt on it.
        mutating func withPrepared<T>(_ c: Int, flipped: Bool, _ body: (inout PreparedLines) -> T) -> T {
            body(&prepared[2 * c + (flipped ? 1 : 0)])
        }
    }

    /// The best decoding of the candidates in `views` with cells placed by `placement`: candidates
    /// in turn, each the way up its position suggests first, each line length the lines may have,
    /// stopping at a clean one.
    func bestDecoding(_ views: inout CandidateViews, placement: CellPlacement) -> MRZDecoder.Decoded? {
        var best: MRZDecoder.Decoded?
        for c in views.candidates.indices {
            let lines = views.candidates[c]
            let lowerHalf = lines.map(\.midY).reduce(0, +) / Double(lines.count) > Double(views.upright.height) / 2
            for flipped in lowerHalf ? [false, true] : [true, false] {
                let (source, textLines, sourcePicture) = views.view(c, flipped: flipped)
                let found: MRZDecoder.Decoded? = views.withPrepared(c, flipped: flipped) { prepared in
                    var best: MRZDecoder.Decoded?
                    var lengths = lineLengths(forLineCount: textLines.count)
                    if lengths.count > 1 {
                        // The length whose characters fill the first line's ink at its print's period
                        // goes first (a TD2 line is not read as a passport's first): the other is
                        // tried only when it gives no clean reading. The line straightened here is
                        // the one `decode` reads.
                        if let first = prepared.line(0, of: textLines, in: source, picture: sourcePicture),
                           let fitting = lengths.firstIndex(where: first.spansEvenly(count:)) {
                            lengths.insert(lengths.remove(at: fitting), at: 0)
                        }
                    }
                    for length in lengths {
                        guard let decoded = decode(source, lines: textLines, length: length, picture: sourcePicture,
                                                   prepared: &prepared, placement: placement) else { continue }
                        if best.map({ Self.better(decoded, than: $0) }) ?? true { best = decoded }
                        // A clean reading at one line length leaves nothing for the other: the
                        // other's cells would straddle these characters and fail their checks.
                        if let best, best.failedChecks.isEmpty, best.meanLogProbability > -0.2 { break }
                    }
                    return best
                }
                if let found, best.map({ Self.better(found, than: $0) }) ?? true { best = found }
                if let best, best.failedChecks.isEmpty, best.meanLogProbability > -0.2 { break }
            }
            if let best, best.failedChecks.isEmpty { break }
        }
        return best
    }

    /// Characters per line to try for a number of lines.
    func lineLengths(forLineCount count: Int) -> [Int] {
        count == 3 ? [30] : [44, 36]
    }

    /// The lines of one candidate as straightened so far (each made on first need), shared by
    /// the line lengths tried on it.
    struct PreparedLines {
        var lines: [PreparedLine??]
        init(count: Int) { lines = Array(repeating: nil, count: count) }

        /// Line `number` of `lines` straightened from `gray` (see ``MRZLineSegmenter/prepare(_:line:picture:)``),
        /// made on first need; `nil` when there is no usable line there.
        mutating func line(_ number: Int, of lines: [TextLine], in gray: Image, picture: Quadrilateral?) -> PreparedLine? {
            if self.lines[number] == nil {
                self.lines[number] = .some(MRZLineSegmenter.prepare(gray, line: lines[number], picture: picture))
            }
            return self.lines[number] ?? nil
        }
    }

    /// Segments and classifies every line at `length` characters, its cells placed by `placement`,
    /// then decodes; the lines are straightened once per candidate, in `prepared` (filled on first need).
    func decode(_ gray: Image, lines: [TextLine], length: Int, picture: Quadrilateral?,
                prepared: inout PreparedLines, placement: CellPlacement = .gaps) -> MRZDecoder.Decoded? {
        var probabilities: [[[Float]]] = []
        var washedOut: [[Bool]] = []
        var even: [[[Float]]] = []
        var segmented: [SegmentedLine] = []
        var patch = [Float](repeating: 0, count: CharacterPatch.count)
        var patches: [Float] = []
        for number in lines.indices {
            guard let ready = prepared.line(number, of: lines, in: gray, picture: picture) else { return nil }
            if placement == .scores {
                guard let placed = MRZCellPlacer.place(ready, count: length, classifier: classifier) else { return nil }
                let sureness = placed.probabilities.reduce(Float(0)) { $0 + ($1.max() ?? 0) } / Float(length)
                if sureness < 0.6 { return nil }
                probabilities.append(placed.probabilities)
                segmented.append(placed.line)
                washedOut.append(placed.line.washedOutCells(count: length))
                even.append(placed.even)
                continue
            }
            guard let line = MRZLineSegmenter.cut(ready, count: length) else { return nil }
            // The line's visible cells are classified together (see OCRBClassifier).
            let visible = (0..<length).filter(line.isVisible)
            patches.removeAll(keepingCapacity: true)
            for index in visible {
                CharacterPatch.sample(line.image, cell: line.cell(index), into: &patch)
                patches.append(contentsOf: patch)
            }
            var classified = classifier.probabilities(ofPatches: patches, count: visible.count).makeIterator()
            // A character cut off by the edge of the photo is not read: every class is as
            // likely, so it fails its check or stays uncertain.
            let unknown = [Float](repeating: 1 / Float(MRZDecoder.alphabet.count), count: MRZDecoder.alphabet.count)
            var row = [[Float]](repeating: unknown, count: length)
            for index in visible { row[index] = classified.next()! }
            // A line the recogniser mostly cannot read is not MRZ print seen the right way up:
            // give up on this candidate before spending time on its other lines.
            let sureness = row.reduce(Float(0)) { $0 + ($1.max() ?? 0) } / Float(length)
            if sureness < 0.6 { return nil }
            probabilities.append(row)
            segmented.append(line)
            washedOut.append(line.washedOutCells(count: length))
        }
        guard var decoded = MRZDecoder.decode(probabilities) else { return nil }
        Self.doubtWashedOut(&decoded, washedOut: washedOut)
        Self.doubtUnsteady(&decoded, even: even)
        decoded.segmented = segmented
        return decoded
    }

    /// A character under a glare spot (`washedOut[line][column]`) is never sure, whatever the
    /// recogniser says: its confidence drops to ``washedOutConfidence``, so alone in a check
    /// digit's run the check vouches for it, and in a name it stays uncertain. A filler read with
    /// assurance (``sureFiller``) is the exception: fading a letter's strokes does not draw a chevron.
    static func doubtWashedOut(_ decoded: inout MRZDecoder.Decoded, washedOut: [[Bool]]) {
        let filler = UInt8(ascii: "<")
        for (l, cells) in washedOut.enumerated() {
            for (c, washed) in cells.enumerated()
            where washed && !(decoded.lines[l][c] == filler && decoded.confidences[l][c] >= sureFiller) {
                decoded.confidences[l][c] = min(decoded.confidences[l][c], washedOutConfidence)
            }
        }
    }

    /// The confidence a washed-out character is given at most: below the uncertainty threshold,
    /// above the level at which a check digit no longer vouches for it.
    static let washedOutConfidence: Float = 0.3

    /// A character whose cell was placed where the recogniser is surest and that decodes
    /// otherwise where its evenly spaced neighbours put it (read there as `even[line][column]`,
    /// see ``MRZCellPlacer/Placement/even``; judged as the decoder judges,
    /// ``MRZDecoder/choice(_:line:column:schema:)``) is not sure: its confidence drops to
    /// ``unsteadyConfidence``, so a check digit may still vouch for it alone, a name's letter not.
    static func doubtUnsteady(_ decoded: inout MRZDecoder.Decoded, even: [[[Float]]]) {
        let schema = MRZSchema(format: decoded.format)
        for (l, cells) in even.enumerated() where l < decoded.probabilities.count {
            for (c, moved) in cells.enumerated() {
                let placed = MRZDecoder.choice(decoded.probabilities[l][c], line: l, column: c, schema: schema)
                if MRZDecoder.choice(moved, line: l, column: c, schema: schema) != placed {
                    decoded.confidences[l][c] = min(decoded.confidences[l][c], unsteadyConfidence)
                }
            }
        }
    }

    /// The confidence an unsteady character is given at most: below the uncertainty threshold,
    /// above the level at which a check digit no longer vouches for it, and apart from
    /// ``washedOutConfidence`` so that glare is counted on its own.
    static let unsteadyConfidence: Float = 0.25

    /// The confidence from which a filler under glare is taken as read.
    static let sureFiller: Float = 0.9

    /// Fewer failed checks first, then the surer reading.
    static func better(_ a: MRZDecoder.Decoded, than b: MRZDecoder.Decoded) -> Bool {
        if a.failedChecks.count != b.failedChecks.count { return a.failedChecks.count < b.failedChecks.count }
        return a.meanLogProbability > b.meanLogProbability
    }

    /// The public reading: lines, confidences, the parsed document and the uncertain characters.
    func reading(from decoded: MRZDecoder.Decoded) -> MRZReading {
        let lines = decoded.lines.map { String(decoding: $0, as: UTF8.self) }
        let schema = MRZSchema(format: decoded.format)
        // A check digit vouches for one unsure character in its run, not for two (two errors
        // can cancel out in the weighted sum); characters no check protects must all be sure.
        var confidences = decoded.confidences
        if let vouched = Self.passportEvidence(decoded, schema: schema, threshold: Float(uncertaintyThreshold)) {
            confidences[0][0] = max(confidences[0][0], vouched)
        }
        let protected = schema.checkedPositions(excluding: decoded.failedChecks)
        var uncertainSet = Set<[Int]>()
        for check in schema.checks where !decoded.failedChecks.contains(check.name) {
            var unsure: [[Int]] = []
            for (line, column) in check.positions {
                let p = Double(confidences[line][column])
                if p < uncertaintyThreshold { unsure.append([line, column]) }
                if p < uncertaintyThreshold / 5 { uncertainSet.insert([line, column]) }
            }
            if unsure.count >= 2 { uncertainSet.formUnion(unsure) }
        }
        // A check made to hold by changing an unsure character says nothing about that change
        // (among a few plausible alternatives one often fits any digit): the change needs a
        // second check that covers it and holds.
        for (position, repairedFor) in decoded.repaired
        where Double(confidences[position[0]][position[1]]) < uncertaintyThreshold {
            let others = schema.checks.filter { check in
                check.name != repairedFor && !decoded.failedChecks.contains(check.name)
                    && check.reads(line: position[0], column: position[1])
            }
            if others.isEmpty { uncertainSet.insert(position) }
        }
        // A likely rival the checks cannot tell from the character read leaves it as unsure as
        // if no check covered it; so does such a rival read in a cell moved a little.
        let checkBlind = Set(decoded.blind).union(decoded.movedTwins)
        uncertainSet.formUnion(checkBlind)
        for (l, row) in confidences.enumerated() {
            for (c, p) in row.enumerated() where !protected.contains([l, c]) && Double(p) < unprotectedThreshold {
                uncertainSet.insert([l, c])
            }
        }
        // A letter where the name's grammar allows only fillers is a misread filler, however
        // sure the recogniser is (a faint, blurred chevron can look like an X).
        for column in schema.lettersPastNameEnd(in: decoded.lines) { uncertainSet.insert([schema.names.line, column]) }
        // No check digit covers a country code either: one that names no country has a misread
        // letter, most likely its least sure one.
        for field in schema.countryCodes {
            let code = String(decoding: decoded.lines[field.line][field.range], as: UTF8.self)
            guard Country.mrzCode(code) != nil, Country(mrzField: code) == nil,
                  let weakest = field.range.min(by: { confidences[field.line][$0] < confidences[field.line][$1] })
            else { continue }
            uncertainSet.insert([field.line, weakest])
        }
        let uncertain = uncertainSet.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
            .map { MRZReading.Position(line: $0[0] + 1, column: $0[1] + 1) }
        var document = try? MRZParser.parse(lines: lines)
        document?.extractionMethod = .mrz
        return MRZReading(format: document?.mrzData?.format ?? decoded.format, lines: lines,
                          confidences: confidences.map { $0.map(Double.init) },
                          failedChecks: decoded.failedChecks, corrections: decoded.corrections,
                          uncertainPositions: uncertain, document: document,
                          checkBlind: checkBlind.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
                              .map { MRZReading.Position(line: $0[0] + 1, column: $0[1] + 1) })
    }
}

extension MRZReader {
    /// How sure the format makes the `P` a passport's document code starts with, when the glyph
    /// itself reads weakly (smudged, under glare, at the line's ragged end): `nil` unless `decoded`
    /// (with `schema`, its format's) is a passport (TD3) whose every check holds and whose
    /// composite check digit reads as a digit at least `threshold` sure. A visa of the same shape
    /// starts with `V` and carries optional data where the passport has its composite digit
    /// (fillers, mostly), so a sure digit there that completes the composite check tells the two
    /// apart better than the worn letter. The first letter is fixed by the format (the decoder
    /// writes the format's letter), so this vouches for no character the recogniser could have
    /// misread.
    static func passportEvidence(_ decoded: MRZDecoder.Decoded, schema: MRZSchema, threshold: Float) -> Float? {
        guard schema.format == .mrp, decoded.failedChecks.isEmpty, decoded.lines.first?.first == UInt8(ascii: "P"),
              let composite = schema.checks.last, composite.name == "composite" else { return nil }
        let line = composite.digit.line, column = composite.digit.range.lowerBound
        guard decoded.probabilities.indices.contains(line), decoded.probabilities[line].indices.contains(column) else { return nil }
        let digit = MRZDecoder.index(of: decoded.lines[line][column])
        let evidence = min(decoded.probabilities[line][column][digit], decoded.confidences[line][column])
        return evidence >= threshold ? evidence : nil
    }
}

extension Quadrilateral {
    /// The same region in the image (`width` × `height` pixels) turned by `rotation` (as ``Image/rotated(_:)`` turns it).
    func rotated(_ rotation: Image.Rotation, width: Int, height: Int) -> Quadrilateral {
        let w = Double(width), h = Double(height)
        return Quadrilateral(corners: corners.map { p in
            switch rotation {
            case .clockwise: return Point(x: h - p.y, y: p.x)
            case .half: return Point(x: w - p.x, y: h - p.y)
            case .counterClockwise: return Point(x: p.y, y: w - p.x)
            }
        })!
    }
}
