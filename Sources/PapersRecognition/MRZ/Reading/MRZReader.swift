import PapersCore
import PapersImaging

/// Reads the machine-readable zone of a passport, ID card or visa from a photo or a rectified
/// document: finds the MRZ lines (upright or upside down), straightens them, cuts them into
/// fixed-pitch cells, classifies each cell with the bundled OCR-B recogniser and lets the check
/// digits choose among the recogniser's likely alternatives.
public struct MRZReader: Sendable {
    /// The character classifier.
    public let classifier: OCRBClassifier
    /// Unprotected characters below this probability make a reading uncertain. Default 0.5.
    public var uncertaintyThreshold = 0.5
    /// Images wider than this are searched for the MRZ at this width (reading uses full resolution). Default 1000.
    public var searchWidth = 1000

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
    /// (see ``MRZLocator/candidates(in:gapFractions:maximumCount:)``).
    func read(_ image: Image, rotations: [Image.Rotation?], straightened: Bool,
              picture: Quadrilateral? = nil, gapFractions: [Double]? = nil) throws(RecognitionError) -> MRZReading {
        let gray = (image.format == .gray ? image : image.grayscale()).packed
        var sawLines = false
        for rotation in rotations {
            let upright = rotation.map { gray.rotated($0) } ?? gray
            let uprightPicture = picture.map { quad in rotation.map { quad.rotated($0, width: gray.width, height: gray.height) } ?? quad }
            let factor = upright.width > searchWidth ? Double(searchWidth) / Double(upright.width) : 1
            let search = factor < 1
                ? upright.resized(width: searchWidth, height: max(1, Int(Double(upright.height) * factor)))
                : upright
            let candidates = MRZLocator.candidates(
                in: search, gapFractions: gapFractions ?? (straightened ? MRZLocator.documentGaps : MRZLocator.photoGaps))
            guard !candidates.isEmpty else { continue }
            sawLines = true
            var upsideDown: Image?
            var best: MRZDecoder.Decoded?
            for candidate in candidates {
                let lines = candidate.lines.map { $0.scaled(by: 1 / factor) }
                let lowerHalf = lines.map(\.midY).reduce(0, +) / Double(lines.count) > Double(upright.height) / 2
                for flipped in lowerHalf ? [false, true] : [true, false] {
                    let source: Image
                    var sourcePicture = uprightPicture
                    var textLines = lines
                    if flipped {
                        if upsideDown == nil { upsideDown = upright.rotated(.half) }
                        source = upsideDown!
                        sourcePicture = uprightPicture?.rotated(.half, width: upright.width, height: upright.height)
                        textLines = lines.reversed().map {
                            $0.rotatedHalfTurn(width: Double(upright.width), height: Double(upright.height))
                        }
                    } else {
                        source = upright
                    }
                    var prepared = PreparedLines(count: textLines.count)
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
                                                   prepared: &prepared) else { continue }
                        if best.map({ Self.better(decoded, than: $0) }) ?? true { best = decoded }
                        // A clean reading at one line length leaves nothing for the other: the
                        // other's cells would straddle these characters and fail their checks.
                        if let best, best.failedChecks.isEmpty, best.meanLogProbability > -0.2 { break }
                    }
                    if let best, best.failedChecks.isEmpty, best.meanLogProbability > -0.2 { break }
                }
                if let best, best.failedChecks.isEmpty { break }
            }
            if let best {
                // Lines where many characters are guesses are not an MRZ reading at all.
                let all = best.confidences.joined()
                let unsure = all.filter { Double($0) < uncertaintyThreshold }.count
                guard Double(unsure) <= 0.25 * Double(all.count) else {
                    let underGlare = all.filter { $0 == Self.washedOutConfidence }.count
                    throw RecognitionError(code: .mrzUnreadable, detail: "\(unsure) of \(all.count) characters could not be recognised"
                        + (underGlare > 0 ? ", \(underGlare) of them under glare" : " (blurred or too small)"))
                }
                return reading(from: best)
            }
        }
        throw sawLines
            ? RecognitionError(code: .mrzUnreadable, detail: "MRZ-like lines were found but the characters' cells could not be placed on them")
            : RecognitionError(code: .noMRZ)
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

    /// Segments and classifies every line at `length` characters, then decodes; the lines are
    /// straightened once per candidate, in `prepared` (filled on first need).
    func decode(_ gray: Image, lines: [TextLine], length: Int, picture: Quadrilateral?,
                prepared: inout PreparedLines) -> MRZDecoder.Decoded? {
        var probabilities: [[[Float]]] = []
        var washedOut: [[Bool]] = []
        var patch = [Float](repeating: 0, count: CharacterPatch.count)
        var patches: [Float] = []
        for number in lines.indices {
            guard let ready = prepared.line(number, of: lines, in: gray, picture: picture),
                  let line = MRZLineSegmenter.cut(ready, count: length) else { return nil }
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
            washedOut.append(line.washedOutCells(count: length))
        }
        guard var decoded = MRZDecoder.decode(probabilities) else { return nil }
        Self.doubtWashedOut(&decoded, washedOut: washedOut)
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
        var protected = Set<[Int]>()
        var uncertainSet = Set<[Int]>()
        for check in schema.checks where !decoded.failedChecks.contains(check.name) {
            var unsure: [[Int]] = []
            for (line, column) in check.positions {
                protected.insert([line, column])
                let p = Double(decoded.confidences[line][column])
                if p < uncertaintyThreshold { unsure.append([line, column]) }
                if p < uncertaintyThreshold / 5 { uncertainSet.insert([line, column]) }
            }
            if unsure.count >= 2 { uncertainSet.formUnion(unsure) }
        }
        // A check made to hold by changing an unsure character says nothing about that change
        // (among a few plausible alternatives one often fits any digit): the change needs a
        // second check that covers it and holds.
        for (position, repairedFor) in decoded.repaired
        where Double(decoded.confidences[position[0]][position[1]]) < uncertaintyThreshold {
            let others = schema.checks.filter { check in
                check.name != repairedFor && !decoded.failedChecks.contains(check.name)
                    && check.reads(line: position[0], column: position[1])
            }
            if others.isEmpty { uncertainSet.insert(position) }
        }
        for (l, row) in decoded.confidences.enumerated() {
            for (c, p) in row.enumerated() where !protected.contains([l, c]) && Double(p) < uncertaintyThreshold {
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
                  let weakest = field.range.min(by: { decoded.confidences[field.line][$0] < decoded.confidences[field.line][$1] })
            else { continue }
            uncertainSet.insert([field.line, weakest])
        }
        let uncertain = uncertainSet.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
            .map { MRZReading.Position(line: $0[0] + 1, column: $0[1] + 1) }
        var document = try? MRZParser.parse(lines: lines)
        document?.extractionMethod = .mrz
        return MRZReading(format: document?.mrzData?.format ?? decoded.format, lines: lines,
                          confidences: decoded.confidences.map { $0.map(Double.init) },
                          failedChecks: decoded.failedChecks, corrections: decoded.corrections,
                          uncertainPositions: uncertain, document: document)
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
