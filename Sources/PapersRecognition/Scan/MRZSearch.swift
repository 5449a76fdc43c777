import Foundation
import PapersCore
import PapersImaging

/// Where and in what order the scanner looks for the MRZ on one photo.
///
/// The straightened document is read first, then the whole photo (``readDirectViews(band:document:photo:)``).
/// The MRZ locator accepts text slanting by ±15° only, and the outline may be wrong (a rectangle
/// printed on the document, a square of a tablecloth) while still running along the document's
/// sides; so when neither gave a verified reading, the wider surroundings of the outline
/// straightened the same way come next, then the photo turned level with the outline, then the
/// photo turned by steps of 30° (with the quarter turns, every slant is then within 15° of one of
/// the turns tried) (``readFallbackViews(widened:photo:picture:documentAngle:)``).
/// The search stops at the first verified reading; otherwise the best reading found is kept.
///
/// A value that remembers what it read: the caller runs the two phases in order, and may skip the
/// second (the scanner does when a licence barcode identified the document, which then has no MRZ).
struct MRZSearch {
    /// What the search found: the best reading, or why there is none.
    struct Outcome {
        var reading: MRZReading?
        var error: RecognitionError?
    }

    let reader: MRZReader
    /// The best reading so far, and the error of the views that gave none.
    private var best = Outcome()
    /// Every reading so far, in the order read (each view casts doubt on the next; see ``doubted(_:by:)``).
    private var earlier: [MRZReading] = []
    /// Whether the straightened document was there to read.
    private var hadDocument = false

    /// Outlines turned by less than this (degrees, after taking out quarter turns) are level
    /// enough for the locator already.
    static let levelTolerance = 8.0
    /// The turns tried last, in degrees; the reader adds quarter turns to each.
    static let steps: [Double] = [30, -30]

    /// A search that has read nothing yet.
    init(reader: MRZReader) {
        self.reader = reader
    }

    /// What the search found: the best reading, and why the views that gave none failed (an
    /// unreadable MRZ in preference to none found), which `papers scan` reports beside a reading.
    var outcome: Outcome { best }

    /// Whether a verified reading was found: the search is over.
    var isFinished: Bool { best.reading?.isVerified == true }

    /// Reads one view; true when the reading is verified.
    private mutating func attempt(_ source: Image?, rotations: [Image.Rotation?] = [nil], straightened: Bool,
                                  picture: Quadrilateral? = nil, gapFractions: [Double]? = nil, faint: Bool = true) -> Bool {
        guard let source else { return false }
        do {
            let reading = Self.doubted(try reader.read(source, rotations: rotations, straightened: straightened, picture: picture,
                                                       gapFractions: gapFractions, faint: faint),
                                       by: earlier)
            earlier.append(reading)
            if best.reading.map({ reading.isBetter(than: $0) }) ?? true { best.reading = reading }
            return reading.isVerified
        } catch {
            if Self.explains(error, better: best.error) { best.error = error }
            return false
        }
    }

    /// Whether `error` says more about the photo than `kept`, the error kept so far: an unreadable
    /// MRZ says more than none found, and of two unreadable ones the first says more (the views are
    /// read best first: the straightened document, where the print was measured, before the photo
    /// turned by guesses, whose lines may cross the print).
    static func explains(_ error: RecognitionError, better kept: RecognitionError?) -> Bool {
        guard let kept else { return true }
        return error.code == .mrzUnreadable && kept.code != .mrzUnreadable
    }

    /// Reads `band` (the band of the straightened document where the MRZ was seen, at the text size
    /// it was seen at), then `document` (made only when the band gave no verified reading; `nil`
    /// when no document was found), then `photo` in gray (in every quarter turn when there is no
    /// document), stopping at the first verified reading.
    mutating func readDirectViews(band: MRZBand?, document makeDocument: () -> Image?, photo grayPhoto: () -> Image) {
        if let band, attempt(band.image, straightened: true, gapFractions: [band.gapFraction]) { return }
        let document = makeDocument()
        hadDocument = document != nil
        if attempt(document, straightened: true) { return }
        _ = attempt(grayPhoto(), rotations: document == nil ? [nil, .clockwise, .counterClockwise] : [nil], straightened: false)
    }

    /// When the direct views gave no verified reading: `widened` (the outline's surroundings, made
    /// only when needed, and only when there was a document), then `photo` (gray, made only when
    /// needed: most photos are read before this) turned level with the outline at `documentAngle`
    /// degrees, then by ``steps``; `picture` turns the colour photo's outline of the portrait the
    /// same way.
    mutating func readFallbackViews(widened: () -> Image?, photo makeGrayPhoto: () -> Image, picture: (Double) -> Quadrilateral?,
                                    documentAngle: Double?) {
        guard !isFinished else { return }
        if hadDocument, attempt(widened(), straightened: true) { return }

        // The photo turned: level with the outline first, then by fixed steps.
        var turns: [Double] = []
        if let documentAngle {
            let level = Self.residual(documentAngle)
            if abs(level) > Self.levelTolerance { turns.append(level) }
        }
        for step in Self.steps where !turns.contains(where: { abs(Self.residual($0 - step)) < 15 }) {
            turns.append(step)
        }
        // A quarter turn one way is the other way upside down, which the reader tries on its own.
        // Faint print is looked for in the direct views only: a photo no one can read is not
        // searched twice in every turn.
        let grayPhoto = makeGrayPhoto()
        for turn in turns where attempt(grayPhoto.turnedGray(by: turn), rotations: [nil, .clockwise], straightened: false,
                                        picture: picture(turn), faint: false) {
            return
        }
    }

    /// A view reads the same print as the others: a character `reading` is not sure of (below
    /// ``confidentDisagreement``) that another reading of the same MRZ (same layout, at most
    /// ``sameTextTolerance`` of the characters different) read otherwise with that confidence is
    /// uncertain, however well its check digits hold (the decoder may have bent a misread to fit
    /// them). Two views each sure of a different character leave the check digits to decide. A
    /// character another view found check-blind (``MRZReading/checkBlind``) and read the same is
    /// uncertain too.
    static func doubted(_ reading: MRZReading, by others: [MRZReading]) -> MRZReading {
        var doubted = Set(reading.uncertainPositions)
        let total = reading.lines.map(\.count).reduce(0, +)
        for other in others where other.lines.map(\.count) == reading.lines.map(\.count) {
            // Readings that differ in many places are of different print (or one is no reading).
            let differing = zip(reading.lines.joined(), other.lines.joined()).filter { $0 != $1 }.count
            guard Double(differing) <= sameTextTolerance * Double(total) else { continue }
            // A character the other view found check-blind is no surer here for being read the same.
            for position in other.checkBlind
            where Array(reading.lines[position.line - 1])[position.column - 1] == Array(other.lines[position.line - 1])[position.column - 1] {
                doubted.insert(position)
            }
            for (l, (mine, theirs)) in zip(reading.lines, other.lines).enumerated() {
                for (c, (a, b)) in zip(mine, theirs).enumerated()
                where a != b && other.confidences[l][c] >= confidentDisagreement && reading.confidences[l][c] < confidentDisagreement {
                    doubted.insert(MRZReading.Position(line: l + 1, column: c + 1))
                }
            }
        }
        guard doubted.count > reading.uncertainPositions.count else { return reading }
        return MRZReading(format: reading.format, lines: reading.lines, confidences: reading.confidences,
                          failedChecks: reading.failedChecks, corrections: reading.corrections,
                          uncertainPositions: doubted.sorted { ($0.line, $0.column) < ($1.line, $1.column) },
                          document: reading.document, checkBlind: reading.checkBlind)
    }

    /// The largest fraction of characters two readings of the same MRZ may differ in.
    static let sameTextTolerance = 0.1

    /// How sure another view must be of a character to cast doubt on a different one.
    static let confidentDisagreement = 0.9

    /// `degrees` less the nearest multiple of 90°: in −45…45.
    static func residual(_ degrees: Double) -> Double {
        degrees - 90 * (degrees / 90).rounded()
    }
}
