import PapersImaging

/// A licence back photographed by the independent renderer, with the licence it carries and how
/// its PDF417 was printed.
public struct IndependentLicenceBackPhoto: Sendable {
    /// The photo and its ground truth: the card's true corners and the PDF417's payload.
    public let photo: SyntheticPhoto
    /// The made-up licence whose AAMVA payload the PDF417 encodes.
    public let licence: SyntheticLicence
    /// How the back was printed.
    public let style: IndependentLicenceBackStyle
    /// The symbol's outline in the photo (start bar to termination bar), clockwise from the top-left.
    public let symbolCorners: [Point]
    /// The module width printed, millimetres (the style's, or narrower where the symbol did not fit).
    public let moduleWidth: Double
    /// The row height printed over the module width.
    public let rowAspect: Double
    /// The symbol's data columns.
    public let dataColumns: Int
}
