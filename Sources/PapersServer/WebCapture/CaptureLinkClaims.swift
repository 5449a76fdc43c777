import Foundation

/// What a capture link grants: the capture of one verification of one tenant until a time.
struct CaptureLinkClaims: ExpiringClaims, Hashable {
    /// The verification's scan reference.
    let scanReference: String
    /// The tenant that owns it.
    let tenantID: String
    /// When the link stops working, in seconds since 1970.
    let expiresAt: Int
    /// Random bytes (hex), so two links for the same verification differ.
    let nonce: String

    enum CodingKeys: String, CodingKey {
        case scanReference = "r", tenantID = "t", expiresAt = "e", nonce = "n"
    }
}
