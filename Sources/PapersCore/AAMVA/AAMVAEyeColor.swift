/// Eye colour, ANSI D-20 codes (`DAY`).
public enum AAMVAEyeColor: String, Sendable, Hashable, Codable, CaseIterable {
    /// `BLK`
    case black = "BLK"
    /// `BLU`
    case blue = "BLU"
    /// `BRO`
    case brown = "BRO"
    /// `GRY`
    case gray = "GRY"
    /// `GRN`
    case green = "GRN"
    /// `HAZ`
    case hazel = "HAZ"
    /// `MAR`
    case maroon = "MAR"
    /// `PNK`
    case pink = "PNK"
    /// `DIC`: dichromatic.
    case dichromatic = "DIC"
    /// `UNK`: unknown.
    case unknown = "UNK"

    /// Variants seen on real cards, and the long forms.
    private static let aliases: [String: AAMVAEyeColor] = [
        "BK": .black, "BL": .blue, "BR": .brown, "BN": .brown, "BRN": .brown, "GR": .green, "GY": .gray,
        "HZ": .hazel, "BLACK": .black, "BLUE": .blue, "BROWN": .brown, "GRAY": .gray, "GREY": .gray,
        "GREEN": .green, "HAZEL": .hazel, "MAROON": .maroon, "PINK": .pink, "DICHROMATIC": .dichromatic,
        "UNKNOWN": .unknown,
    ]

    /// Reads a code or long form, case-insensitively; `nil` when not recognised.
    public init?(code: String) {
        let key = AAMVAFields.trim(code).uppercased()
        guard let value = AAMVAEyeColor(rawValue: key) ?? Self.aliases[key] else { return nil }
        self = value
    }
}
