/// The kind of card, from the document subfile type.
public enum AAMVADocumentType: String, Sendable, Hashable, Codable, CaseIterable {
    /// `DL`: driver licence (also `EN`, enhanced driver licence).
    case driverLicense = "DL"
    /// `ID`: identification card.
    case identificationCard = "ID"

    /// The type of a subfile designator; anything other than `ID` is a licence.
    init(designator: String) {
        self = designator == "ID" ? .identificationCard : .driverLicense
    }
}
