import Foundation
import PapersCore
import PapersImaging

/// Where and in what order the scanner looks for the MRZ on one photo.
///
/// The straightened document is read first, then the whole photo. The MRZ locator accepts text
/// slanting by ±15° only, and the outline may be wrong (a rectangle printed on the document, a
/// square of a tablecloth) while still running along the document's sides; so when neither gave
/// a verified reading, the wider surroundings of the outline straightened the same way come next,
/// then the photo turned level with the outline, then the photo turned by steps of 30° (with the
/// quarter turns, every slant is then within 15° of one of the turns tried).
/// The search stops at the first verified reading; otherwise the best reading found is kept.
struct MRZSearch {
    /// What the search found: the best reading, or why there is none.
    struct Outcome {
        var reading: MRZReading?
        var error: RecognitionError?
    }

    let reader: MRZReader

    /// Outlines turned by less than this (degrees, after taking out quarter turns) are level
    /// enough for the locator already.
    static let levelTolerance = 8.0
    /// The turns tried last, in degrees; the reader adds quarter turns to each.
    static let steps: [Double] = [30, -30]

    /// Searches `band` (the band of the straightened document where the MRZ was seen, when it was,
    /// at the text size it was seen at), then `document` (the photo straightened at the outline, or
    /// `nil`; made only when the band gave no verified reading), `photo`, then, when nothing
    /// verified turned up, `widened` (the outline's surroundings, made only when needed) and the
    /// photo turned (level with the outline at `documentAngle` degrees, then by ``steps``).
    ///
    /// `beforeFallbacks` is called once, when the document and the photo gave no verified reading
    /// and before the slower views; when it returns false, they are not searched (the scanner
    /// reads the licence barcode there: a document it identifies has no MRZ to look further for).
    func run(band: MRZBand? = nil, document makeDocument: () -> Image?, widened: () -> Image?, photo: Image,
             documentAngle: Double?, beforeFallbacks: () -> Bool = { true }) -> Outcome {
        var outcome = Outcome()
        var earlier: [MRZReading] = []
        /// Reads one source; true when the reading is verified (the search is over).
        func attempt(_ source: Image?, rotations: [Image.Rotation?] = [nil], straightened: Bool, picture: Quadrilateral? = nil,
                     gapFractions: [Double]? = nil) -> Bool {
            guard let source else { return false }
            do {
                let reading = Self.doubted(try reader.read(source, rotations: rotations, straightened: straightened, picture: picture,
                                                           gapFractions: gapFractions),
                                           by: earlier)
                earlier.append(reading)
                if outcome.reading.map({ DocumentScanner.better(reading, than: $0) }) ?? true { outcome.reading = reading }
                return reading.isVerified
            } catch {
                if outcome.error == nil || error.code == .mrzUnreadable { outcome.error = error }
                return false
            }
        }
        defer { if outcome.reading != nil { outcome.error = nil } }
        if let band, attempt(band.image, straightened: true, gapFractions: [band.gapFraction]) { return outcome }
        let document = makeDocument()
        if attempt(document, straightened: true) { return outcome }
        // The photo in gray, made once: the reader reads gray, and the turned views below are
        // turned from it (a gray warp, a quarter of the colour warp's work per pixel).
        let grayPhoto = photo.grayscale()
        if attempt(grayPhoto, rotations: document == nil ? [nil, .clockwise, .counterClockwise] : [nil], straightened: false) { return outcome }
        guard beforeFallbacks() else { return outcome }
        if document != nil, attempt(widened(), straightened: true) { return outcome }

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
        for turn in turns where attempt(grayPhoto.turnedGray(by: turn), rotations: [nil, .clockwise], straightened: false,
                                        picture: photo.turnedPicture(by: turn)) {
            return outcome
        }
        return outcome
    }

    /// A view reads the same print as the others: a character `reading` is not sure of (below
    /// ``confidentDisagreement``) that another reading of the same MRZ (same layout, at most
    /// ``sameTextTolerance`` of the characters different) read otherwise with that confidence is
    /// uncertain, however well its check digits hold (the decoder may have bent a misread to fit
    /// them). Two views each sure of a different character leave the check digits to decide.
    static func doubted(_ reading: MRZReading, by others: [MRZReading]) -> MRZReading {
        var doubted = Set(reading.uncertainPositions)
        let total = reading.lines.map(\.count).reduce(0, +)
        for other in others where other.lines.map(\.count) == reading.lines.map(\.count) {
            // Readings that differ in many places are of different print (or one is no reading).
            let differing = zip(reading.lines.joined(), other.lines.joined()).filter { $0 != $1 }.count
            guard Double(differing) <= sameTextTolerance * Double(total) else { continue }
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
                          document: reading.document)
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
