/// The kind of identity document, as selected by the user or recognised from its code.
public enum DocumentType: String, Sendable, Codable, CaseIterable, Hashable {
    /// A passport (ICAO TD3, MRZ document code `P`).
    case passport = "passport"
    /// A driving licence (AAMVA `DL` subfile or a national licence).
    case driverLicense = "driverLicense"
    /// A national identity card (TD1 / TD2 / CNIS, document code `I`, `A` or `C`; AAMVA `ID`).
    case identityCard = "identityCard"
    /// A visa (MRV-A / MRV-B, document code `V`).
    case visa = "visa"
    /// A residence permit (document codes such as `IR`, `AR`, `RP`).
    case residencePermit = "residencePermit"
}

/// How the data of a document was obtained, with Jumio's names.
public enum ExtractionMethod: String, Sendable, Codable, CaseIterable, Hashable {
    /// Read from the machine-readable zone.
    case mrz = "MRZ"
    /// Read by text recognition of the visual zone.
    case ocr = "OCR"
    /// Read from a barcode (AAMVA PDF417, QR).
    case barcode = "BARCODE"
    /// Read from a barcode, completed by text recognition.
    case barcodeOCR = "BARCODE_OCR"
    /// Nothing was extracted.
    case none = "NONE"
}

/// The holder's sex as printed on the document: `M`, `F` or `X` (unspecified).
public enum Gender: String, Sendable, Codable, CaseIterable, Hashable {
    /// Male.
    case male = "M"
    /// Female.
    case female = "F"
    /// Unspecified or other.
    case unspecified = "X"
}
