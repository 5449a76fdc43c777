/// The ICAO 9303 machine-readable zone layouts Papers reads, with Jumio's names (`MRP`, `TD1`, `TD2`, `CNIS`, `MRVA`, `MRVB`).
public enum MRZFormat: String, Sendable, Codable, CaseIterable, Hashable {
    /// TD3: machine-readable passport, 2 lines of 44 characters.
    case mrp = "MRP"
    /// TD1: ID-1 card, 3 lines of 30 characters.
    case td1 = "TD1"
    /// TD2: ID-2 card, 2 lines of 36 characters.
    case td2 = "TD2"
    /// French national identity card (before 2021), 2 lines of 36 characters.
    case cnis = "CNIS"
    /// MRV-A: full-size visa, 2 lines of 44 characters.
    case mrvA = "MRVA"
    /// MRV-B: small visa, 2 lines of 36 characters.
    case mrvB = "MRVB"

    /// The number of lines of this layout.
    public var lineCount: Int { self == .td1 ? 3 : 2 }

    /// The number of characters of each line.
    public var lineLength: Int {
        switch self {
        case .td1: return 30
        case .mrp, .mrvA: return 44
        case .td2, .cnis, .mrvB: return 36
        }
    }
}
