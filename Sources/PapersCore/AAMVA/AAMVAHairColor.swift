/// Hair colour, ANSI D-20 codes (`DAZ`).
public enum AAMVAHairColor: String, Sendable, Hashable, Codable, CaseIterable {
    /// `BAL`
    case bald = "BAL"
    /// `BLK`
    case black = "BLK"
    /// `BLN`
    case blond = "BLN"
    /// `BRO`
    case brown = "BRO"
    /// `GRY`
    case gray = "GRY"
    /// `RED`: red or auburn.
    case red = "RED"
    /// `SDY`
    case sandy = "SDY"
    /// `WHI`
    case white = "WHI"
    /// `UNK`: unknown.
    case unknown = "UNK"

    /// Variants seen on real cards, and the long forms.
    private static let aliases: [String: AAMVAHairColor] = [
        "BK": .black, "BR": .brown, "BN": .brown, "BRN": .brown, "BLD": .blond, "GR": .gray, "GY": .gray,
        "RD": .red, "WH": .white, "BALD": .bald, "BLACK": .black, "BLOND": .blond, "BLONDE": .blond,
        "BROWN": .brown, "GRAY": .gray, "GREY": .gray, "RED": .red, "AUBURN": .red, "SANDY": .sandy,
        "WHITE": .white, "UNKNOWN": .unknown,
    ]

    /// Reads a code or long form, case-insensitively; `nil` when not recognised.
    public init?(code: String) {
        let key = AAMVAFields.trim(code).uppercased()
        guard let value = AAMVAHairColor(rawValue: key) ?? Self.aliases[key] else { return nil }
        self = value
    }
}
