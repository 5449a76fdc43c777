import Foundation
import PapersVerification

/// A verification as stored, with its sealed parts opened.
struct VerificationRecord: Sendable {
    let id: String
    let tenantID: String
    var state: VerificationState
    var decision: VerificationDecision?
    var request: VerificationRequest?
    var result: VerificationResult?
    let createdAt: Double
    var updatedAt: Double
    /// The image names stored (`front`, `back`, `face`).
    var images: [String] = []
    /// The images uploaded already cropped to the document (`?cropped=true`).
    var croppedImages: Set<String> = []
}
