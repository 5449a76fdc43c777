/// The images of a verification, by the name the API uses in `PUT /v1/verifications/{scanReference}/images/{side}`.
public enum ImageSide: String, Sendable, Hashable, Codable, CaseIterable {
    /// The document's front (the side with the portrait, or a passport's data page).
    case front
    /// The document's back (a licence's PDF417, an ID card's MRZ).
    case back
    /// A selfie of the holder.
    case face
}
