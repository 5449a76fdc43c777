/// The answer to "are these the same person?", in the terms of Jumio's identity verification
/// (`similarity`, `validity`, `reason`) plus the measured distance and a score.
public struct FaceMatch: Sendable, Hashable, Codable {
    /// Whether the faces are of one person.
    public enum Similarity: String, Sendable, Hashable, Codable, CaseIterable {
        /// The same person: the descriptors lie closer than the model's threshold.
        case match = "MATCH"
        /// Different people.
        case noMatch = "NO_MATCH"
        /// The faces could not be compared, or must not be (see ``FaceMatch/reason``).
        case notPossible = "NOT_POSSIBLE"
    }

    /// Why the comparison was not possible, with Jumio's reason names.
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// No face was found in an input (on a document: no portrait on it).
        case noFacePresent = "NO_FACE_PRESENT"
        /// The face reaches past the edge of the photo.
        case faceNotFullyVisible = "FACE_NOT_FULLY_VISIBLE"
        /// A photo that is not a document shows more than one face.
        case multiplePeople = "MULTIPLE_PEOPLE"
        /// The face is too small to be described reliably.
        case badQuality = "BAD_QUALITY"
        /// A photo has no colour.
        case blackAndWhite = "BLACK_AND_WHITE"
        /// Both inputs are documents: the one given as the selfie is a photo of an ID.
        case entireIDUsedAsSelfie = "ENTIRE_ID_USED_AS_SELFIE"
        /// One face is a near-copy of the other's pixels: the selfie was cut from the document's portrait.
        case selfieCroppedFromID = "SELFIE_CROPPED_FROM_ID"
    }

    /// The distance between the two descriptors, when both faces were described.
    public var distance: Double?
    /// The distance as a score from 0 (far apart) to 1 (identical): 0.5 at the match threshold.
    public var score: Double?
    /// Whether the faces are of one person.
    public var similarity: Similarity
    /// Whether the inputs could be and were compared (`false` exactly when there is a reason).
    public var validity: Bool
    /// Why the comparison was not possible.
    public var reason: Reason?

    /// Creates a match result.
    public init(distance: Double?, score: Double?, similarity: Similarity, reason: Reason?) {
        self.distance = distance
        self.score = score
        self.similarity = similarity
        self.validity = reason == nil
        self.reason = reason
    }

    /// A comparison that was not possible, with its reason and, when both faces were described,
    /// their distance and score.
    public static func notPossible(_ reason: Reason, distance: Double? = nil, score: Double? = nil) -> FaceMatch {
        FaceMatch(distance: distance, score: score, similarity: .notPossible, reason: reason)
    }
}
