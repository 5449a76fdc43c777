/// A country or organisation that issues travel documents: ISO 3166-1 or an ICAO 9303 code.
public struct Country: Sendable, Hashable {
    /// The three-letter code as used in documents (`DEU`, `UTO`; Germany also as `D`).
    public let alpha3: String
    /// The ISO 3166-1 alpha-2 code, when one exists.
    public let alpha2: String?
    /// The English short name.
    public let name: String
    /// `true` for ISO 3166-1 countries, `false` for ICAO-only codes.
    public let isISO: Bool

    /// Every known code: ISO 3166-1 and the ICAO additions.
    public static let all: [Country] = isoTable + icaoTable

    private static let byAlpha3: [String: Country] = Dictionary(all.map { ($0.alpha3, $0) }, uniquingKeysWith: { first, _ in first })
    private static let byAlpha2: [String: Country] = Dictionary(
        isoTable.compactMap { country in country.alpha2.map { ($0, country) } },
        uniquingKeysWith: { first, _ in first })

    /// Reads a country code as printed in an MRZ field: fillers are dropped, so `D<<` is `D`.
    /// Returns the cleaned code even when unknown, or `nil` when the field is empty.
    public static func mrzCode(_ field: some StringProtocol) -> String? {
        let code = field.filter { $0 != "<" }
        return code.isEmpty ? nil : String(code)
    }

    /// The ISO alpha-3 code for any known code: `D` → `DEU`, `ZIM` → `ZWE`; ICAO-only codes map to themselves.
    public var isoAlpha3: String {
        if isISO { return alpha3 }
        if let alpha2, let iso = Country(alpha2: alpha2) { return iso.alpha3 }
        return alpha3
    }
}

extension Country {
    /// The country an MRZ field's code names (fillers dropped, see ``mrzCode(_:)``), or `nil` when
    /// the field is empty or names no known country.
    public init?(mrzField field: some StringProtocol) {
        guard let code = Country.mrzCode(field), let country = Country(alpha3: code) else { return nil }
        self = country
    }

    /// Looks a country up by its alpha-3 or ICAO code (case-insensitive). `D` is Germany.
    public init?(alpha3 code: String) {
        guard let country = Country.byAlpha3[code.uppercased()] else { return nil }
        self = country
    }

    /// Looks a country up by its ISO 3166-1 alpha-2 code (case-insensitive).
    public init?(alpha2 code: String) {
        guard let country = Country.byAlpha2[code.uppercased()] else { return nil }
        self = country
    }
}
