import Foundation
import PapersCore
import Testing

/// Every real payload parses to the values its source test suite expects.
@Suite("AAMVA fixtures")
struct AAMVAManifestTests {
    /// Expected values the payloads cannot produce, by sample and key, with the reason.
    static let unsatisfiable: [String: [String: String]] = [
        "idparser_dc": ["DocumentDiscriminator": "the payload (240 bytes) has no DCF element and no '2881111' anywhere"],
    ]

    @Test("the manifest and every payload are present")
    func manifestLoads() {
        #expect(AAMVAFixtures.directory != nil)
        #expect(AAMVAFixtures.samples.count == 57)
    }

    @Test("each sample parses to its expected values", arguments: AAMVAFixtures.sampleIDs())
    func sample(_ id: String) throws {
        let bytes = AAMVAFixtures.bytes(id)
        #expect(!bytes.isEmpty)
        let expected = AAMVAFixtures.expected(id)
        if expected["version_number"] != nil {
            try checkHeaderOnly(id, expected, bytes)
            return
        }
        let document = try AAMVAParser.parse(bytes)
        #expect(document.names.last != nil, "\(id): no family name")
        #expect(document.idNumber != nil, "\(id): no DAQ")
        if let mock = expected["mock"] as? String {
            AAMVAMockLicense.check(document, mock: mock, id: id)
            return
        }
        let skipped = Self.unsatisfiable[id] ?? [:]
        for (key, value) in expected where skipped[key] == nil {
            check(document, key: key, value: value, id: id)
        }
    }

    private func checkHeaderOnly(_ id: String, _ expected: [String: Any], _ bytes: [UInt8]) throws {
        let header = try AAMVAParser.parseHeader(bytes)
        #expect(header.issuerIdentificationNumber == "\(expected["issuer_id"] as? Int ?? -1)")
        #expect(header.aamvaVersion == expected["version_number"] as? Int)
        #expect(header.jurisdictionVersion == nil)
        #expect(header.numberOfEntries == expected["number_of_entries"] as? Int)
        #expect(header.fileType == "AAMVA")
        checkSubfiles(header.subfiles, expected["subfiles"], id: id)
        // Nothing but the header: the full parser still reads who issued it, with no data elements.
        let document = try AAMVAParser.parse(bytes)
        #expect(document.elements.values.allSatisfy { $0.isEmpty })
        #expect(document.documentType == .driverLicense)
        #expect(document.documentData.extractionMethod == .barcode)
        #expect(document.documentData.idNumber == nil)
    }

    private func checkSubfiles(_ subfiles: [AAMVASubfile], _ value: Any?, id: String) {
        let expected = (value as? [[Any]] ?? []).map {
            AAMVASubfile(designator: $0[0] as? String ?? "", offset: $0[1] as? Int, length: $0[2] as? Int)
        }
        #expect(subfiles == expected, "\(id): subfiles")
    }

    private func check(_ document: AAMVADocument, key: String, value: Any, id: String) {
        let text = value as? String
        let actual: String?
        let wanted: String?
        switch key {
        case "First": (actual, wanted) = (document.names.first, text)
        case "Middle": (actual, wanted) = (document.names.middle, text)
        case "Last", "lastName": (actual, wanted) = (document.names.last, text)
        case "Suffix": (actual, wanted) = (document.names.suffix, text)
        case "firstName":
            // AppliedRecognition's parser returns the given-name element as written, commas included.
            let given = document.element("DCT") ?? document.element("DAC")
            (actual, wanted) = (given.map { trimmed($0, commas: true) }, text)
        case "StreetLine1": (actual, wanted) = (document.address.street1, text)
        case "StreetLine2": (actual, wanted) = (document.address.street2, text)
        case "City": (actual, wanted) = (document.address.city, text)
        case "JurisdictionCode": (actual, wanted) = (document.jurisdiction, text)
        case "PostalCode": (actual, wanted) = (document.address.postalCode?.normalized, text)
        case "assert:Address.PostalCodeDisplay": (actual, wanted) = (document.address.postalCode?.display, text)
        case "Country": (actual, wanted) = (document.country, text == "Country.Canada" ? "CAN" : "USA")
        case "DateOfBirth": (actual, wanted) = (document.dates.birth?.iso, text)
        case "IssueDate": (actual, wanted) = (document.dates.issue?.iso, text)
        case "ExpirationDate": (actual, wanted) = (document.dates.expiry?.iso, text)
        case "RevisionDate": (actual, wanted) = (document.dates.revision?.iso, text)
        case "Sex": (actual, wanted) = (document.sex?.rawValue, text == "Sex.Female" ? "F" : "M")
        case "EyeColor": (actual, wanted) = (document.eyeColor.map { "EyeColor.\($0)" }, text.map(lowerEnum))
        case "HairColor": (actual, wanted) = (document.hairColor.map { "HairColor.\($0)" }, text.map(lowerEnum))
        case "Height": (actual, wanted) = (document.height?.description, text)
        case "Weight": (actual, wanted) = (weight(document.weight, like: text ?? ""), text)
        case "IdNumber": (actual, wanted) = (document.idNumber, text)
        case "AamvaVersionNumber": (actual, wanted) = ("\(document.aamvaVersion)", Self.versions[text ?? ""].map { "\($0)" })
        case "ComplianceType":
            (actual, wanted) = (document.complianceType.map { "ComplianceType.\($0)" }, text.map(lowerEnum))
        case "VehicleClass": (actual, wanted) = (document.vehicleClass, text)
        case "RestrictionCodes": (actual, wanted) = (document.restrictions, text)
        case "EndorsementCodes": (actual, wanted) = (document.endorsements, text)
        case "DocumentDiscriminator": (actual, wanted) = (document.documentDiscriminator, text)
        case "AuditInformation": (actual, wanted) = (document.auditInformation, text)
        case "IsOrganDonor": (actual, wanted) = ("\(document.isOrganDonor ?? false)", "\(value as? Bool ?? !true)")
        case "HasTemporaryLawfulStatus":
            (actual, wanted) = ("\(document.hasTemporaryLawfulStatus ?? false)", "\(value as? Bool ?? true)")
        case "WasFirstTruncated": (actual, wanted) = ("\(document.names.firstTruncation == .truncated)", "\(value as? Bool ?? true)")
        case "WasMiddleTruncated": (actual, wanted) = ("\(document.names.middleTruncation == .truncated)", "\(value as? Bool ?? true)")
        case "WasLastTruncated": (actual, wanted) = ("\(document.names.lastTruncation == .truncated)", "\(value as? Bool ?? true)")
        case "header": checkAnnexHeader(document, value as? [String: Any] ?? [:], id: id); return
        case "subfiles": checkSubfiles(document.subfiles, value, id: id); return
        case "elements":
            let elements = (value as? [String: [String: String]]) ?? [:]
            for (designator, values) in elements {
                #expect(document.elements[designator] == values, "\(id): elements of \(designator)")
            }
            return
        default:
            Issue.record("\(id): unmapped expectation \(key)")
            return
        }
        #expect(actual == wanted, "\(id): \(key)")
    }

    private func checkAnnexHeader(_ document: AAMVADocument, _ header: [String: Any], id: String) {
        #expect(document.issuerIdentificationNumber == "\(header["issuer_id"] as? Int ?? -1)", "\(id)")
        #expect(document.aamvaVersion == header["aamva_version"] as? Int, "\(id)")
        #expect(document.header.numberOfEntries == header["number_of_entries"] as? Int, "\(id)")
        // The source library reports 0 for a version 1 header, which has no jurisdiction version field.
        let jurisdictionVersion = header["jurisdiction_version"] as? Int
        #expect(document.jurisdictionVersion == (document.aamvaVersion == 1 ? nil : jurisdictionVersion), "\(id)")
    }

    /// The IdParser `Version` enum: standard year → header version number.
    static let versions: [String: Int] = [
        "Version.Aamva2000": 1, "Version.Aamva2003": 2, "Version.Aamva2005": 3, "Version.Aamva2009": 4,
        "Version.Aamva2010": 5, "Version.Aamva2011": 6, "Version.Aamva2012": 7, "Version.Aamva2013": 8,
        "Version.Aamva2016": 9, "Version.Aamva2020": 10,
    ]

    /// `EyeColor.Brown` → `EyeColor.brown`, to compare with Swift case names.
    private func lowerEnum(_ text: String) -> String {
        guard let dot = text.firstIndex(of: ".") else { return text }
        let name = text[text.index(after: dot)...]
        let mapped = name == "NonCompliant" ? "nonCompliant" : name == "FullyCompliant" ? "fullyCompliant"
            : name.prefix(1).lowercased() + name.dropFirst()
        return text[...dot] + mapped
    }

    /// Renders a weight in the manifest's notation when it matches that notation's kind.
    private func weight(_ weight: AAMVAWeight?, like text: String) -> String? {
        guard let weight else { return nil }
        if text.hasPrefix("Weight.FromMetric") { return weight.kilograms.map { "Weight.FromMetric(\($0))" } }
        if text.hasPrefix("Weight.FromImperial") { return weight.pounds.map { "Weight.FromImperial(\($0))" } }
        guard let range = weight.poundsRange else { return nil }
        return "Weight.FromRange(WeightRange.Lbs\(range.lowerBound)To\(range.upperBound))"
    }

    private func trimmed(_ text: String, commas: Bool) -> String {
        var value = text.trimmingCharacters(in: .whitespaces)
        while commas, value.hasSuffix(",") { value.removeLast() }
        return value
    }
}
