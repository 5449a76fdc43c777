extension AAMVADocument {
    /// The document as Papers' common ``DocumentData``, extracted by barcode.
    ///
    /// Dates, names, sex and address come across; `subdivision` is the jurisdiction code,
    /// `issuingCountry` `USA` or `CAN`, `documentCode` `DL` or `ID`. The address line joins
    /// both street lines when they fit in 64 characters, and the postal code is the display form.
    public var documentData: DocumentData {
        var data = DocumentData(extractionMethod: .barcode)
        data.selectedDocumentType = documentType == .identificationCard ? .identityCard : .driverLicense
        data.documentCode = documentType.rawValue
        data.idNumber = idNumber
        data.issuingCountry = country
        data.subdivision = jurisdiction
        data.lastName = names.last
        data.firstName = names.first
        data.middleName = names.middle
        data.dob = dates.birth
        data.issuingDate = dates.issue
        data.expiryDate = dates.expiry
        data.gender = sex
        if let street1 = address.street1, let street2 = address.street2, street1.count + street2.count + 2 <= 64 {
            data.addressLine = street1 + ", " + street2
        } else {
            data.addressLine = address.street1 ?? address.street2
        }
        data.city = address.city
        data.postCode = address.postalCode?.display
        data.placeOfBirth = placeOfBirth
        return data
    }
}
