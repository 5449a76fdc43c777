/// Where one character of a machine-readable zone line sits in a gray image, as the line
/// segmenter finds it.
///
/// Coordinates are continuous pixels of the image: pixel `(x, y)` covers `[x, x + 1) × [y, y + 1)`,
/// so its centre is at `(x + 0.5, y + 0.5)`. The MRZ is monospaced, so a cell is one ``pitch`` wide.
/// The values may be fractional and somewhat off: the classifier is trained for a centre up to
/// ±15% of the pitch away, a top and bottom up to ±10% of the cap height away and a pitch up to
/// ±8% off.
public struct CharacterCell: Sendable, Hashable {
    /// The horizontal centre of the character's cell.
    public var centerX: Double
    /// The y of the capital letters' top on this line.
    public var top: Double
    /// The y of the baseline on this line.
    public var bottom: Double
    /// The distance between the centres of neighbouring cells, in pixels.
    public var pitch: Double

    /// Creates a cell.
    public init(centerX: Double, top: Double, bottom: Double, pitch: Double) {
        self.centerX = centerX
        self.top = top
        self.bottom = bottom
        self.pitch = pitch
    }

    /// The cap height: `bottom - top`.
    public var capHeight: Double { bottom - top }
}
