import Foundation
import PapersCore
import Testing

/// An AAMVA document maps onto Papers' common ``DocumentData``.
@Suite("AAMVA to DocumentData")
struct AAMVADocumentDataTests {
    @Test("the standard's version 10 example")
    func annexExample() throws {
        let data = try AAMVAParser.parse(AAMVAFixtures.annexExample).documentData
        #expect(data.extractionMethod == .barcode)
        #expect(data.selectedDocumentType == .driverLicense)
        #expect(data.documentCode == "DL")
        #expect(data.idNumber == "T64235789")
        #expect(data.issuingCountry == "USA")
        #expect(data.subdivision == "VA")
        #expect(data.lastName == "SAMPLE")
        #expect(data.firstName == "MICHAEL")
        #expect(data.middleName == "JOHN")
        #expect(data.dob?.iso == "1986-06-06")
        #expect(data.issuingDate?.iso == "2019-06-06")
        #expect(data.expiryDate?.iso == "2024-12-10")
        #expect(data.gender == .male)
        #expect(data.addressLine == "2300 WEST BROAD STREET")
        #expect(data.city == "RICHMOND")
        #expect(data.postCode == "23269")
        #expect(throws: Never.self) { try data.validate() }
    }

    @Test("identification cards, Canadian cards and second street lines")
    func variants() throws {
        let idCard = try AAMVAParser.parse(AAMVAFixtures.bytes("aamvars_va_real_child")).documentData
        #expect(idCard.selectedDocumentType == .identityCard)
        #expect(idCard.documentCode == "ID")
        let ontario = try AAMVAParser.parse(AAMVAFixtures.bytes("idparser_on")).documentData
        #expect(ontario.issuingCountry == "CAN")
        #expect(ontario.subdivision == "ON")
        #expect(ontario.postCode == "N1M 3J6")
        let pennsylvania = try AAMVAParser.parse(AAMVAFixtures.bytes("idparser_pa_2016")).documentData
        #expect(pennsylvania.addressLine == "1725 SLOUGH AVE, APT 4")
    }

    @Test("every fixture maps to a valid DocumentData", arguments: AAMVAFixtures.sampleIDs())
    func allFixtures(_ id: String) throws {
        guard let document = try? AAMVAParser.parse(AAMVAFixtures.bytes(id)) else { return }
        #expect(throws: Never.self) { try document.documentData.validate() }
    }

    @Test("documents round-trip through JSON")
    func codable() throws {
        let document = try AAMVAParser.parse(AAMVAFixtures.annexExample)
        let data = try JSONEncoder().encode(document)
        #expect(try JSONDecoder().decode(AAMVADocument.self, from: data) == document)
    }
}
