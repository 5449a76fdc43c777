/// The kinds of document the synthesiser draws, with their real proportions.
import PapersImaging
public enum SyntheticDocumentKind: String, Sendable, Codable, CaseIterable {
    /// An ID-1 card (85.60 × 53.98 mm): identity cards, driving licences.
    case idCard
    /// An ID-3 passport data page (125 × 88 mm).
    case passportPage
    /// An A4 sheet (297 × 210 mm), portrait.
    case paper
    /// An ID-2 card (105 × 74 mm): TD2 identity cards, MRV-B visas.
    case td2Card

    /// Width over height of the flat document as it reads.
    public var aspectRatio: Double {
        switch self {
        case .idCard: return 85.60 / 53.98
        case .passportPage: return 125.0 / 88.0
        case .paper: return 210.0 / 297.0
        case .td2Card: return 105.0 / 74.0
        }
    }
}
