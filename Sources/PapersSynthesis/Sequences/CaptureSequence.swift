import Foundation
import PapersCore
import PapersImaging

/// A synthetic camera feed with ground truth: frames of one passport page, delivered at a fixed
/// rate, in which the document moves, shakes or catches glare as ``CaptureSequenceKind`` says.
///
/// The truth says from which frame the document holds still (``steadyFrom``) and from which
/// frame nothing hides what must be read (``readableFrom``), so a test can tell when a capture
/// session may capture at the earliest, without running any of the session's own analysis.
/// The page carries a real MRZ of a made-up holder (``identity``), so a captured frame can be
/// read and verified.
public struct CaptureSequence: Sendable {
    /// What happens in the sequence.
    public let kind: CaptureSequenceKind
    /// Frames a second.
    public let framesPerSecond: Int
    /// The frames, in camera order.
    public let frames: [CaptureSequenceFrame]
    /// The holder and document printed on the page.
    public let identity: SyntheticIdentity
    /// The first frame of the final stretch in which the document does not move; `nil` when it never holds still.
    public let steadyFrom: Int?
    /// The first frame from which every frame shows the whole document with its MRZ free of glare.
    public let readableFrom: Int?

    /// Renders the sequence `kind` with `seed` at `width` × `height` and `framesPerSecond`.
    public init(kind: CaptureSequenceKind, seed: UInt64 = 1, width: Int = 1280, height: Int = 720, framesPerSecond: Int = 10) {
        var configuration = PhotoSynthesizer.Configuration()
        configuration.width = width
        configuration.height = height
        configuration.fillRange = 0.42...0.48
        configuration.documentLongSide = 1400
        configuration.heavyBlurRate = 0
        configuration.mildBlurRate = 0
        configuration.glareRate = 0
        configuration.outOfFrameRate = 0
        var random = SeededRandom(seed: seed &* 7_919 &+ 0xCA97)
        let identity = SyntheticIdentity(format: .mrp, random: &random)
        // The resting frame is one a capture screen asks for: the page within 10° of level, well
        // exposed, clear of the frame's edges. Draw until one is.
        let synthesizer = PhotoSynthesizer(configuration: configuration)
        let margin = 0.06 * Double(min(width, height))
        func framed(_ photo: SyntheticPhoto) -> Bool {
            abs(photo.truth.rotationDegrees) <= 10 && photo.truth.exposureGain == 1
                && photo.truth.corners.allSatisfy { $0.x >= margin && $0.y >= margin && $0.x <= Double(width) - margin && $0.y <= Double(height) - margin }
        }
        var photo = synthesizer.photo(seed: seed, index: 0, kind: .passportPage, print: SyntheticPrint(mrzLines: identity.mrzLines))
        for attempt in 1..<200 where !framed(photo) {
            photo = synthesizer.photo(seed: seed, index: attempt, kind: .passportPage, print: SyntheticPrint(mrzLines: identity.mrzLines))
        }
        self.kind = kind
        self.framesPerSecond = framesPerSecond
        self.identity = identity

        // Where the document sits (dx, dy) and where a glare spot lies (in the page's unit square)
        // frame by frame. A shake moves every corner by 4 to 6% of the page's diagonal.
        let script: [(dx: Int, dy: Int, glare: Point?)]
        let slide = width / 3
        let diagonal = photo.truth.corners[0].distance(to: photo.truth.corners[2])
        let shake = { (fraction: Double) in Int((fraction * diagonal).rounded()) }
        switch kind {
        case .slideIn:
            let arriving = [slide, slide * 2 / 3, slide / 3, slide / 8].map { (dx: $0, dy: 0, glare: Point?.none) }
            let shaking = [(shake(0.05), -shake(0.02)), (-shake(0.045), shake(0.03)), (shake(0.04), shake(0.025)), (-shake(0.05), -shake(0.03))]
                .map { (dx: $0.0, dy: $0.1, glare: Point?.none) }
            script = arriving + shaking + Array(repeating: (dx: 0, dy: 0, glare: nil), count: 14)
        case .glareAway:
            let over = Array(repeating: (dx: 0, dy: 0, glare: Optional(Point(x: 0.5, y: 0.88))), count: 8)
            let leaving = [0.74, 0.6, 0.45, 0.3].map { (dx: 0, dy: 0, glare: Optional(Point(x: 0.5, y: $0))) }
            script = over + leaving + Array(repeating: (dx: 0, dy: 0, glare: Optional(Point(x: 0.5, y: 0.3))), count: 10)
        case .neverSteady:
            script = (0..<24).map { index in
                (dx: index % 2 == 0 ? shake(0.025) : -shake(0.025), dy: index % 4 < 2 ? shake(0.015) : -shake(0.015), glare: nil)
            }
        }

        let unit = [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)]
        let toFrame = Homography(from: unit, to: photo.truth.corners)
        let meanWidth = (photo.truth.corners[0].distance(to: photo.truth.corners[1])
            + photo.truth.corners[3].distance(to: photo.truth.corners[2])) / 2
        let glareRadius = 0.07 * meanWidth
        // Where the spot adds at least 60 levels the print cannot be seen (as PhotoSynthesizer reckons).
        let glareReach = glareRadius * log(Self.glareStrength / 60).squareRoot()
        let mrzCentres = Self.mrzCentres(lines: identity.mrzLines)
        var frames: [CaptureSequenceFrame] = []
        for (index, step) in script.enumerated() {
            var image = Self.shifted(photo.image, dx: step.dx, dy: step.dy)
            let corners = photo.truth.corners.map { Point(x: $0.x + Double(step.dx), y: $0.y + Double(step.dy)) }
            var glareCenter: Point?
            var glareOverMRZ = false
            if let spot = step.glare, let toFrame {
                let centre = toFrame.apply(spot)
                let moved = Point(x: centre.x + Double(step.dx), y: centre.y + Double(step.dy))
                Self.addGlare(to: &image, at: moved, radius: glareRadius)
                glareCenter = moved
                glareOverMRZ = mrzCentres.contains { toFrame.apply($0).distance(to: centre) < glareReach }
            }
            let inFrame = corners.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.x < Double(width) && $0.y < Double(height) }
            frames.append(CaptureSequenceFrame(image: image, truth: .init(
                index: index, timeMilliseconds: index * 1000 / framesPerSecond, offsetX: step.dx, offsetY: step.dy,
                corners: corners, documentInFrame: inFrame, glareCenter: glareCenter, glareOverMRZ: glareOverMRZ)))
        }
        self.frames = frames

        var steady: Int?
        if let last = script.last, script.count > 1, script[script.count - 2].dx == last.dx, script[script.count - 2].dy == last.dy {
            var first = script.count - 1
            while first > 0, script[first - 1].dx == last.dx, script[first - 1].dy == last.dy { first -= 1 }
            steady = first
        }
        steadyFrom = steady
        var readable: Int?
        for index in stride(from: frames.count - 1, through: 0, by: -1) {
            guard frames[index].truth.documentInFrame, !frames[index].truth.glareOverMRZ else { break }
            readable = index
        }
        readableFrom = readable
    }

    /// The earliest frame a session that needs the document still for `steadyDuration` may
    /// capture; `nil` when no frame qualifies.
    public func earliestCapture(steadyDuration: Duration) -> Int? {
        guard let steadyFrom, let readableFrom else { return nil }
        let hold = Int(steadyDuration.components.seconds * 1000 + steadyDuration.components.attoseconds / 1_000_000_000_000_000)
        let start = frames[steadyFrom].truth.timeMilliseconds
        return frames.first { $0.truth.index >= max(steadyFrom, readableFrom) && $0.truth.timeMilliseconds - start >= hold }?.truth.index
    }

    /// How much light a glare spot adds at its centre, in levels.
    static let glareStrength = 380.0

    /// The centres of the MRZ's character cells on a passport page, in the page's unit square.
    static func mrzCentres(lines: [String]) -> [Point] {
        let kind = SyntheticDocumentKind.passportPage
        let width = 1400, height = Int(1400 / kind.aspectRatio)
        return DocumentRenderer.mrzCellCentres(lineCount: lines.count, length: lines.first?.utf8.count ?? 44, kind: kind, width: width, height: height)
            .map { Point(x: $0.x / Double(width), y: $0.y / Double(height)) }
    }

    /// `image` moved by (dx, dy) pixels, the uncovered edge filled with a dull gray.
    static func shifted(_ image: Image, dx: Int, dy: Int) -> Image {
        guard dx != 0 || dy != 0 else { return image }
        var out = Image(width: image.width, height: image.height, format: image.format, fill: 96)
        let channels = image.format.channels
        let rowBytes = image.width * channels
        let fromX = max(0, -dx), toX = max(0, dx)
        let span = image.width - abs(dx)
        guard span > 0 else { return out }
        for y in 0..<image.height {
            let sourceY = y - dy
            guard sourceY >= 0, sourceY < image.height else { continue }
            let source = sourceY * rowBytes + fromX * channels
            let target = y * rowBytes + toX * channels
            out.pixels.replaceSubrange(target..<target + span * channels, with: image.pixels[source..<source + span * channels])
        }
        return out
    }

    /// Adds a saturating specular spot (a Gaussian of light) centred on `centre`.
    static func addGlare(to image: inout Image, at centre: Point, radius: Double) {
        let channels = image.format.channels
        let reach = 3 * radius
        for y in max(0, Int(centre.y - reach))..<min(image.height, Int(centre.y + reach)) {
            for x in max(0, Int(centre.x - reach))..<min(image.width, Int(centre.x + reach)) {
                let d2 = (Double(x) - centre.x) * (Double(x) - centre.x) + (Double(y) - centre.y) * (Double(y) - centre.y)
                let add = glareStrength * exp(-d2 / (radius * radius))
                guard add >= 1 else { continue }
                let base = (y * image.width + x) * channels
                for k in 0..<channels { image.pixels[base + k] = UInt8(min(255, Double(image.pixels[base + k]) + add)) }
            }
        }
    }
}
