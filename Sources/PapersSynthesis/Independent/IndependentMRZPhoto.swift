/// A photo from the independent renderer, with the identity it shows and how its MRZ was printed.
public struct IndependentMRZPhoto: Sendable {
    /// The photo and its ground truth (the same truth the atlas renderer's photos carry).
    public let photo: SyntheticPhoto
    /// The made-up holder and document printed.
    public let identity: SyntheticIdentity
    /// How the MRZ was printed.
    public let style: IndependentMRZStyle
}
