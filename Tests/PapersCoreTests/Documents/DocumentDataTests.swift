import Foundation
import PapersCore
import Testing

@Suite("DocumentData")
struct DocumentDataTests {
    @Test("JSON uses NetverifyDocumentData's field names, YYYY-MM-DD dates, and omits absent values")
    func json() throws {
        let document = try MRZParser.parse(lines: MRZSpecimens.td3, today: MRZSpecimens.today)
        let data = try JSONEncoder().encode(document)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["dob"] as? String == "1974-08-12")
        #expect(object["expiryDate"] as? String == "2012-04-15")
        #expect(object["gender"] as? String == "F")
        #expect(object["extractionMethod"] as? String == "MRZ")
        #expect(object["selectedDocumentType"] as? String == "passport")
        #expect(object["addressLine"] == nil)
        let mrz = try #require(object["mrzData"] as? [String: Any])
        #expect(mrz["format"] as? String == "MRP")
        for flag in ["idNumberValid", "dobValid", "expiryDateValid", "personalNumberValid", "compositeValid"] {
            #expect(mrz[flag] as? Bool == true)
        }
        let decoded = try JSONDecoder().decode(DocumentData.self, from: data)
        #expect(decoded == document)
    }

    @Test("a bad date in JSON is a decoding error")
    func badDate() {
        let json = Data(#"{"extractionMethod":"MRZ","dob":"1974-02-30"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DocumentData.self, from: json) }
    }

    @Test("maximum lengths are enforced with an error naming the field", arguments: DocumentData.maximumLengths.map(\.field))
    func maximumLengths(field: DocumentField) throws {
        let maximum = try #require(DocumentData.maximumLengths.first { $0.field == field }?.maximum)
        var document = DocumentData()
        let atLimit = String(repeating: "A", count: maximum)
        set(&document, field, atLimit)
        try document.validate()
        set(&document, field, atLimit + "A")
        do {
            try document.validate()
            Issue.record("\(field.rawValue) over its maximum was accepted")
        } catch {
            #expect(error.code == .tooLong)
            #expect(error.field == field)
            #expect(error.maximum == maximum)
            #expect(error.actual == maximum + 1)
        }
    }

    func set(_ document: inout DocumentData, _ field: DocumentField, _ value: String) {
        switch field {
        case .selectedCountry: document.selectedCountry = value
        case .documentCode: document.documentCode = value
        case .idNumber: document.idNumber = value
        case .personalNumber: document.personalNumber = value
        case .issuingCountry: document.issuingCountry = value
        case .lastName: document.lastName = value
        case .firstName: document.firstName = value
        case .middleName: document.middleName = value
        case .originatingCountry: document.originatingCountry = value
        case .addressLine: document.addressLine = value
        case .city: document.city = value
        case .subdivision: document.subdivision = value
        case .postCode: document.postCode = value
        case .optionalData1: document.optionalData1 = value
        case .optionalData2: document.optionalData2 = value
        case .placeOfBirth: document.placeOfBirth = value
        case .mrzLine1, .mrzLine2, .mrzLine3:
            var mrz = document.mrzData ?? MRZData(format: .mrp, line1: "", line2: "")
            if field == .mrzLine1 { mrz.line1 = value } else if field == .mrzLine2 { mrz.line2 = value } else { mrz.line3 = value }
            document.mrzData = mrz
        }
    }

    @Test("calendar dates")
    func calendarDates() {
        #expect(CalendarDate(year: 2024, month: 2, day: 29) != nil)
        #expect(CalendarDate(year: 2023, month: 2, day: 29) == nil)
        #expect(CalendarDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CalendarDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CalendarDate(iso: "2012-04-15")?.iso == "2012-04-15")
        #expect(CalendarDate(iso: "2012-4-15") == nil)
        #expect(CalendarDate(daysSinceEpoch: 0).iso == "1970-01-01")
        #expect(CalendarDate(daysSinceEpoch: 20_415).iso == "2025-11-23")
        #expect(CalendarDate(daysSinceEpoch: 11_016).iso == "2000-02-29")
    }
}

@Suite("Countries")
struct CountryTests {
    @Test("ISO 3166-1 alpha-3 and alpha-2, both ways")
    func iso() throws {
        #expect(Country(alpha3: "FRA")?.alpha2 == "FR")
        #expect(Country(alpha2: "fr")?.alpha3 == "FRA")
        #expect(Country(alpha3: "USA")?.name == "United States")
        #expect(Country.all.filter(\.isISO).count == 249)
        for country in Country.all where country.isISO {
            let alpha2 = try #require(country.alpha2)
            #expect(Country(alpha2: alpha2)?.alpha3 == country.alpha3)
        }
    }

    @Test("ICAO codes that are not ISO", arguments: [
        "D", "UTO", "GBD", "GBN", "GBO", "GBP", "GBS", "UNA", "UNK", "UNO", "XXA", "XXB", "XXC", "XXX",
        "EUE", "XOM", "XPO", "XCC", "XBA", "XIM", "XDC", "XES", "XMP", "RKS", "ZIM",
    ])
    func icao(code: String) throws {
        let country = try #require(Country(alpha3: code))
        #expect(!country.isISO)
    }

    @Test("MRZ codes: fillers are dropped, D<< is Germany")
    func mrzCodes() {
        #expect(Country.mrzCode("D<<") == "D")
        #expect(Country(alpha3: "D")?.isoAlpha3 == "DEU")
        #expect(Country(alpha3: "ZIM")?.isoAlpha3 == "ZWE")
        #expect(Country(alpha3: "XXA")?.isoAlpha3 == "XXA")
        #expect(Country.mrzCode("<<<") == nil)
        #expect(Country(alpha3: "QQQ") == nil)
        #expect(Country(mrzField: "D<<")?.isoAlpha3 == "DEU")
        #expect(Country(mrzField: "UTO")?.alpha3 == "UTO")
        #expect(Country(mrzField: "<<<") == nil && Country(mrzField: "DNX") == nil)
    }
}

@Suite("Workflow error catalogue")
struct WorkflowErrorTests {
    @Test("codes, messages and retry", arguments: WorkflowError.Kind.allCases)
    func catalogue(kind: WorkflowError.Kind) throws {
        let error = WorkflowError(kind)
        #expect(error.code.count == 6)
        #expect(error.code.first.map(String.init) == kind.rawValue)
        #expect(!error.message.isEmpty)
        #expect(WorkflowError(code: error.code) == error)
    }

    @Test("Jumio's retry rules")
    func retry() {
        #expect(WorkflowError(.networkProblem).isRetryable)
        #expect(WorkflowError(.noInternet).isRetryable)
        #expect(!WorkflowError(.invalidCredentials).isRetryable)
        #expect(WorkflowError(.invalidCredentials).code == "C00401")
        #expect(WorkflowError(code: "A10401")?.detail == "10401")
        #expect(WorkflowError(code: "K00000") == nil)
        #expect(WorkflowError(code: "A1") == nil)
    }
}
