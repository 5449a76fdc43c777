import ArgumentParser
import Foundation
import PapersCore

/// A readable, line-per-field summary of a document (the non-JSON output).
enum DocumentSummary {
    static func lines(_ document: DocumentData) -> [String] {
        var rows: [(String, String?)] = [
            ("type", document.selectedDocumentType?.rawValue),
            ("code", document.documentCode),
            ("extraction", document.extractionMethod.rawValue),
            ("issuing country", document.issuingCountry.map(countryLabel)),
            ("number", document.idNumber),
            ("last name", document.lastName),
            ("first name", document.firstName),
            ("middle name", document.middleName),
            ("date of birth", document.dob?.iso),
            ("sex", document.gender?.rawValue),
            ("nationality", document.originatingCountry.map(countryLabel)),
            ("issued", document.issuingDate?.iso),
            ("expires", document.expiryDate?.iso),
            ("address", document.addressLine),
            ("city", document.city),
            ("subdivision", document.subdivision),
            ("postal code", document.postCode),
            ("personal number", document.personalNumber),
        ]
        if let mrz = document.mrzData {
            rows.append(("MRZ format", mrz.format.rawValue))
            let checks = [("document number", mrz.idNumberValid), ("birth date", mrz.dobValid),
                          ("expiry date", mrz.expiryDateValid), ("personal number", mrz.personalNumberValid),
                          ("composite", mrz.compositeValid)]
            let failed = checks.filter { !$0.1 }.map(\.0)
            rows.append(("check digits", failed.isEmpty ? "all valid" : "FAILED: " + failed.joined(separator: ", ")))
        }
        return rows.compactMap { label, value in value.map { "\(label.padding(toLength: 16, withPad: " ", startingAt: 0)) \($0)" } }
    }

    static func countryLabel(_ code: String) -> String {
        Country(alpha3: code).map { "\(code) (\($0.name))" } ?? code
    }
}
