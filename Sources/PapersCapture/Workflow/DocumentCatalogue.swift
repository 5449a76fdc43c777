import PapersCore

/// Which countries issue which documents, with their variants and the parts and scan modes each
/// is captured with, and the countries whose users must see legal advice before scanning.
public struct DocumentCatalogue: Sendable, Hashable {
    /// A document a country issues.
    public struct Document: Sendable, Hashable, Codable {
        /// Its type.
        public let type: DocumentType
        /// Its variants (`paper`, `plastic`).
        public let variants: [String]
        /// The parts captured, in order, with the mode each is scanned in first.
        public let parts: [Part]
    }

    /// One part of a document and its scan mode, with the fallback mode where one exists.
    public struct Part: Sendable, Hashable, Codable {
        public let part: ScanPart
        public let mode: ScanMode
        public let fallback: ScanMode?
    }

    /// A country and its documents.
    public struct Country: Sendable, Hashable, Codable {
        /// ISO 3166-1 alpha-3.
        public let code: String
        /// The documents it issues.
        public let documents: [Document]

        /// Creates an entry.
        public init(code: String, documents: [Document]) {
            self.code = code
            self.documents = documents
        }
    }

    /// Every country offered.
    public let countries: [Country]
    /// Countries whose users are shown legal advice before scanning, with its text.
    public let legalAdvice: [String: String]

    /// The built-in catalogue: passports everywhere (MRZ), ID cards (front by OCR, back by MRZ),
    /// US driving licences (front by OCR, back by PDF417 with a manual fallback), visas.
    public static let standard: DocumentCatalogue = {
        let passport = Document(type: .passport, variants: ["paper"], parts: [Part(part: .front, mode: .mrz, fallback: .manual)])
        let idCard = Document(type: .identityCard, variants: ["plastic"],
                              parts: [Part(part: .front, mode: .ocr, fallback: .manual), Part(part: .back, mode: .mrz, fallback: .manual)])
        let licence = Document(type: .driverLicense, variants: ["plastic", "paper"],
                               parts: [Part(part: .front, mode: .ocr, fallback: .manual), Part(part: .back, mode: .barcode, fallback: .manual)])
        let visa = Document(type: .visa, variants: ["paper"], parts: [Part(part: .front, mode: .mrz, fallback: .manual)])
        return DocumentCatalogue(countries: [
            Country(code: "USA", documents: [passport, licence]),
            Country(code: "DEU", documents: [passport, idCard]),
            Country(code: "FRA", documents: [passport, idCard]),
            Country(code: "VNM", documents: [passport, idCard]),
            Country(code: "GBR", documents: [passport, visa]),
        ], legalAdvice: ["DEU": "Your identity document is processed according to the German Personal Identity Card Act."])
    }()

    /// Creates a catalogue.
    public init(countries: [Country], legalAdvice: [String: String] = [:]) {
        self.countries = countries
        self.legalAdvice = legalAdvice
    }

    /// The countries and documents a configuration allows (preselected country and types).
    public func offered(country: String?, types: [DocumentType]?) -> [Country] {
        countries.compactMap { entry in
            guard country == nil || entry.code == country else { return nil }
            let documents = entry.documents.filter { types == nil || types!.contains($0.type) }
            return documents.isEmpty ? nil : Country(code: entry.code, documents: documents)
        }
    }
}
