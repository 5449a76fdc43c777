/// Writes the PDF417 payload of an AAMVA driver licence or ID card (the DL/ID card design
/// standard, versions 8 (2013) to 10 (2020), which share their mandatory elements).
///
/// Used to synthesise licence backs. The payload is laid out as the standard says: the
/// compliance indicator `@`, LF, RS, CR, the file type `ANSI `, the issuer's IIN, the AAMVA
/// and jurisdiction versions, the number of entries, one 10-byte directory entry per subfile
/// (designator, offset from `@` and length, 4 digits each), then each subfile: its designator
/// and its data elements, every element ended by LF except the last, which the segment
/// terminator CR ends. Dates are `MMDDCCYY` for US issuers and `CCYYMMDD` for Canadian ones.
public struct AAMVAGenerator: Sendable, Hashable {
    /// The AAMVA version written in the header: 8, 9 or 10. Default 10.
    public var version = 10
    /// The jurisdiction's own version number, 0–99. Default 1.
    public var jurisdictionVersion = 1

    /// Creates a generator.
    public init(version: Int = 10, jurisdictionVersion: Int = 1) {
        self.version = version
        self.jurisdictionVersion = jurisdictionVersion
    }

    /// The versions this generator writes.
    public static let versions: ClosedRange<Int> = 8...10
    /// The longest name the standard allows in `DCS`, `DAC` and `DAD`; longer ones are truncated.
    public static let nameLength = 40

    static let complianceIndicator = UInt8(ascii: "@")
    static let dataElementSeparator: UInt8 = 0x0A
    static let recordSeparator: UInt8 = 0x1E
    static let segmentTerminator: UInt8 = 0x0D
    static let fileType = "ANSI "
    static let directoryEntryLength = 10

    /// The payload for `card`.
    ///
    /// - Throws: ``AAMVAError`` with code ``AAMVAError/Code/unencodableElement`` and the element
    ///   concerned when a value holds anything but printable ASCII or does not fit its element, a
    ///   jurisdiction element's identifier does not belong to the jurisdiction subfile, or the
    ///   version or jurisdiction version is out of range.
    public func payload(for card: AAMVACard) throws(AAMVAError) -> [UInt8] {
        guard Self.versions.contains(version) else { throw AAMVAError(code: .unencodableElement, element: "version") }
        guard (0...99).contains(jurisdictionVersion) else {
            throw AAMVAError(code: .unencodableElement, element: "jurisdictionVersion")
        }
        var subfiles: [(designator: String, elements: [(String, String)])] = [
            (card.documentType.rawValue, try documentElements(card)),
        ]
        if !card.jurisdictionElements.isEmpty {
            let designator = card.jurisdictionDesignator
            var elements: [(String, String)] = []
            for id in card.jurisdictionElements.keys.sorted() {
                let bytes = Array(id.utf8)
                guard bytes.count == 3, id.hasPrefix(designator), AAMVABytes.isUpper(bytes[2]) else {
                    throw AAMVAError(code: .unencodableElement, element: "jurisdictionElements")
                }
                elements.append((id, try Self.checked(card.jurisdictionElements[id] ?? "", id: id, maximum: 99)))
            }
            subfiles.append((designator, elements))
        }

        let bodies = subfiles.map { subfile in
            var body = Array(subfile.designator.utf8)
            for (index, (id, value)) in subfile.elements.enumerated() {
                body += Array(id.utf8) + Array(value.utf8)
                body.append(index == subfile.elements.count - 1 ? Self.segmentTerminator : Self.dataElementSeparator)
            }
            return body
        }
        var payload: [UInt8] = [Self.complianceIndicator, Self.dataElementSeparator, Self.recordSeparator, Self.segmentTerminator]
        payload += Array(Self.fileType.utf8) + Array(card.jurisdiction.issuerIdentificationNumber.utf8)
        payload += Self.digits(version, 2) + Self.digits(jurisdictionVersion, 2) + Self.digits(subfiles.count, 2)
        var offset = payload.count + Self.directoryEntryLength * subfiles.count
        for (subfile, body) in zip(subfiles, bodies) {
            guard offset + body.count <= 9999 else { throw AAMVAError(code: .unencodableElement, element: subfile.designator) }
            payload += Array(subfile.designator.utf8) + Self.digits(offset, 4) + Self.digits(body.count, 4)
            offset += body.count
        }
        for body in bodies { payload += body }
        return payload
    }

    /// The elements of the `DL` or `ID` subfile, in the standard's order (Table D.3).
    private func documentElements(_ card: AAMVACard) throws(AAMVAError) -> [(String, String)] {
        let canadian = card.jurisdiction.country == "CAN"
        let date = { (value: CalendarDate) -> String in
            let (year, month, day) = (Self.text(value.year, 4), Self.text(value.month, 2), Self.text(value.day, 2))
            return canadian ? year + month + day : month + day + year
        }
        let (last, lastCut) = try Self.name(card.lastName, id: "DCS")
        let (first, firstCut) = try Self.name(card.firstName, id: "DAC")
        let (middle, middleCut) = try Self.name(card.middleName ?? "NONE", id: "DAD")
        var elements: [(String, String)] = []
        if card.documentType == .driverLicense {
            elements.append(("DCA", try Self.checked(card.vehicleClass, id: "DCA", maximum: 6)))
            elements.append(("DCB", try Self.checked(card.restrictions, id: "DCB", maximum: 12)))
            elements.append(("DCD", try Self.checked(card.endorsements, id: "DCD", maximum: 5)))
        }
        elements += [
            ("DBA", date(card.expiryDate)),
            ("DCS", last), ("DAC", first), ("DAD", middle),
            ("DBD", date(card.issueDate)), ("DBB", date(card.dateOfBirth)),
            ("DBC", card.sex == .male ? "1" : card.sex == .female ? "2" : "9"),
            ("DAY", card.eyeColor.rawValue),
            ("DAU", try Self.height(card.height)),
            ("DAG", try Self.checked(card.street1, id: "DAG", maximum: 35)),
        ]
        if let street2 = card.street2 { elements.append(("DAH", try Self.checked(street2, id: "DAH", maximum: 35))) }
        elements += [
            ("DAI", try Self.checked(card.city, id: "DAI", maximum: 20)),
            ("DAJ", card.jurisdiction.code),
            ("DAK", try Self.postalCode(card.postalCode, canadian: canadian)),
            ("DAQ", try Self.checked(card.idNumber, id: "DAQ", maximum: 25)),
            ("DCF", try Self.checked(card.documentDiscriminator, id: "DCF", maximum: 25)),
            ("DCG", card.jurisdiction.country),
        ]
        if let suffix = card.suffix { elements.append(("DCU", try Self.checked(suffix, id: "DCU", maximum: 5))) }
        elements += [("DDE", lastCut), ("DDF", firstCut), ("DDG", middleCut)]
        return elements
    }

    /// A name cut to ``nameLength`` and its truncation flag (`T` or `N`).
    private static func name(_ value: String, id: String) throws(AAMVAError) -> (String, String) {
        let checked = try checked(value, id: id, maximum: .max)
        guard checked.utf8.count > nameLength else { return (checked, AAMVATruncation.notTruncated.rawValue) }
        return (String(decoding: checked.utf8.prefix(nameLength), as: UTF8.self), AAMVATruncation.truncated.rawValue)
    }

    /// `DAU`: three digits and the unit.
    private static func height(_ height: AAMVAHeight) throws(AAMVAError) -> String {
        guard (1...999).contains(height.value) else { throw AAMVAError(code: .unencodableElement, element: "DAU") }
        return text(height.value, 3) + (height.unit == .inches ? " in" : " cm")
    }

    /// `DAK`: a US ZIP (5 digits get `0000` appended) or a Canadian code, padded to 11.
    private static func postalCode(_ value: String, canadian: Bool) throws(AAMVAError) -> String {
        var code = try checked(value, id: "DAK", maximum: 11)
        if !canadian {
            guard code.utf8.count == 5 || code.utf8.count == 9, code.utf8.allSatisfy(AAMVABytes.isDigit) else {
                throw AAMVAError(code: .unencodableElement, element: "DAK")
            }
            if code.utf8.count == 5 { code += "0000" }
        }
        return code + String(repeating: " ", count: 11 - code.utf8.count)
    }

    /// `value` when it is non-empty printable ASCII of at most `maximum` bytes.
    private static func checked(_ value: String, id: String, maximum: Int) throws(AAMVAError) -> String {
        let bytes = Array(value.utf8)
        guard !bytes.isEmpty, bytes.count <= maximum, bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            throw AAMVAError(code: .unencodableElement, element: id)
        }
        return value
    }

    /// `value` in decimal, zero-padded to `width` digits.
    private static func text(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func digits(_ value: Int, _ width: Int) -> [UInt8] { Array(text(value, width).utf8) }
}
