import PapersCore
import Testing

/// The expected objects of ajohnson388/DLParser-Swift's `MockLicense.swift`, for its
/// synthetic per-version fixtures: every field holds its own name or a placeholder number.
enum AAMVAMockLicense {
    /// The version each mock is built for.
    static let versions: [String: Int] = [
        "versionOneLicense": 1, "versionTwoLicense": 2, "versionThreeLicense": 3, "versionFourLicense": 4,
        "versionFiveLicense": 5, "versionSixLicense": 6, "versionSevenLicense": 7, "versionEightLicense": 8,
        "versionNineLicense": 9, "versionTenLicense": 10, "versionElevenLicense": 11,
    ]

    /// A placeholder date `1111111n`: `yyyyMMdd` in version 1, `MMddyyyy` after.
    static func date(_ last: Int, version: Int) -> String {
        version == 1 ? "1111-11-1\(last)" : "111\(last)-11-11"
    }

    /// Checks `document` against the mock named `mock`.
    static func check(_ document: AAMVADocument, mock: String, id: String) {
        guard let version = versions[mock] else {
            Issue.record("\(id): unknown mock \(mock)")
            return
        }
        let comment = Comment(rawValue: "\(id) (\(mock))")
        #expect(document.aamvaVersion == version, comment)
        #expect(document.names.first == "firstName", comment)
        #expect(document.names.last == "lastName", comment)
        #expect(document.names.suffix == "5TH", comment)
        #expect(document.names.middleNames == ((2...3).contains(version) ? [] : ["middleName", "middleName"]), comment)
        #expect(document.dates.expiry?.iso == date(2, version: version), comment)
        #expect(document.dates.issue?.iso == date(3, version: version), comment)
        #expect(document.dates.birth?.iso == date(4, version: version), comment)
        #expect(document.sex == .male, comment)
        #expect(document.eyeColor == .brown, comment)
        #expect(document.hairColor == .black, comment)
        #expect(document.height == AAMVAHeight(value: 52, unit: .inches), comment)
        #expect(document.weight?.pounds == ((2...3).contains(version) ? nil : 44), comment)
        #expect(document.weight?.range == (version == 1 ? nil : 2), comment)
        #expect(document.address.street1 == "streetAddress", comment)
        #expect(document.address.street2 == "streetAddressTwo", comment)
        #expect(document.address.city == "city", comment)
        #expect(document.address.postalCode?.normalized == "12345", comment)
        #expect(document.idNumber == "12345678", comment)
        #expect(document.documentDiscriminator == "12345678912345678912", comment)
        #expect(document.isOrganDonor == (version == 1 || version >= 6 ? true : nil), comment)
        #expect(document.isVeteran == (version >= 7 ? false : nil), comment)
        #expect(document.documentType == (id.contains("idsubfile") ? .identificationCard : .driverLicense), comment)
        if version == 1 {
            #expect(document.country == nil, comment)
            #expect(document.names.firstTruncation == nil, comment)
            #expect(document.complianceType == nil, comment)
            #expect(document.vehicleClass == nil, comment)
            return
        }
        #expect(document.country == "USA", comment)
        #expect(document.placeOfBirth == "placeOfBirth", comment)
        #expect(document.auditInformation == "auditInformation", comment)
        #expect(document.inventoryControlNumber == "123456", comment)
        #expect(document.vehicleClass == "10", comment)
        #expect(document.restrictions == "9", comment)
        #expect(document.endorsements == "8", comment)
        if version <= 3 {
            #expect(document.names.firstTruncation == nil, comment)
            #expect(document.complianceType == nil, comment)
            #expect(document.dates.revision == nil, comment)
            #expect(document.hasTemporaryLawfulStatus == nil, comment)
            return
        }
        #expect(document.names.firstTruncation == .truncated, comment)
        #expect(document.names.middleTruncation == .notTruncated, comment)
        #expect(document.names.lastTruncation == .notTruncated, comment)
        #expect(document.complianceType == .materiallyCompliant, comment)
        #expect(document.hasTemporaryLawfulStatus == false, comment)
        #expect(document.dates.hazmatExpiry?.iso == date(5, version: version), comment)
        #expect(document.dates.revision?.iso == date(6, version: version), comment)
        #expect(document.dates.under18Until?.iso == date(7, version: version), comment)
        #expect(document.dates.under19Until?.iso == date(8, version: version), comment)
        #expect(document.dates.under21Until?.iso == date(9, version: version), comment)
    }
}
