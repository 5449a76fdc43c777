import PapersCore

/// The photos of one document, read and merged.
public struct DocumentScan: Sendable {
    /// What each photo gave, in the order given.
    public let sides: [SideScan]

    /// Merges sides scanned one by one (``DocumentScanner/scanSide(_:)``).
    public init(sides: [SideScan]) {
        self.sides = sides
    }

    /// The merged document: the MRZ's data when an MRZ was read (verified readings first), the
    /// licence barcode's otherwise; fields one source lacks are filled from the other, and
    /// `extractionMethod` says which sources were used. An MRZ that is not verified gives way to
    /// a licence barcode; without one it is returned with its failed checks in `mrzData`. A
    /// printed front completes a licence barcode (`BARCODE_OCR`) or, alone, is the document (`OCR`).
    ///
    /// Sides that disagree (``sideMismatch``) are not blended: the MRZ's data is returned alone.
    public var document: DocumentData {
        let licence = self.licence
        let mrz = self.mrz
        var merged: DocumentData
        switch (mrz?.document, licence) {
        case let (.some(fromMRZ), .some(fromBarcode)):
            merged = fromMRZ
            if fromMRZ.disagreements(with: fromBarcode).isEmpty { merged.fillMissing(from: fromBarcode) }
            merged.extractionMethod = .mrz
        case let (.some(fromMRZ), nil):
            merged = fromMRZ
            merged.extractionMethod = .mrz
        case let (nil, .some(fromBarcode)):
            merged = fromBarcode
            merged.extractionMethod = .barcode
            // A printed front that agrees completes the barcode's data; one that does not is
            // reported (``printedMismatch``), not blended in.
            if let printed, printed.disagreements(with: fromBarcode).isEmpty {
                merged.fillMissing(from: printed.documentData)
                merged.extractionMethod = .barcodeOCR
            }
        case (nil, nil):
            merged = printed?.documentData ?? DocumentData(extractionMethod: .none)
        }
        return merged
    }

    /// The printed fields of the first side that has them.
    public var printed: PrintedIDFields? { sides.compactMap(\.printed).first }

    /// The fields on which the printed front and the barcode (or the MRZ) of these photos
    /// disagree; empty when they agree or when there is nothing to compare. Text recognition
    /// misreads, so this is reported for a person to look at rather than taken as fraud.
    public var printedMismatch: [String] {
        guard let printed, let other = mrz?.document ?? licence else { return [] }
        return printed.disagreements(with: other)
    }

    /// The fields on which the MRZ and the licence barcode of these photos disagree (names,
    /// dates of birth and expiry, sex): photos of two documents, or of two people. Empty when
    /// they agree or when only one of them was read.
    public var sideMismatch: [String] {
        guard let fromMRZ = mrz?.document, let fromBarcode = licence else { return [] }
        return fromMRZ.disagreements(with: fromBarcode)
    }

    /// The licence barcode's data, when one was read.
    var licence: DocumentData? { sides.compactMap(\.aamva).first?.documentData }

    /// The MRZ reading the document is built from: a verified one first, else the one with the
    /// fewest failed checks and unsure characters (only when there is no licence barcode to use).
    var mrz: MRZReading? {
        let hasLicence = licence != nil
        let readings = sides.compactMap(\.mrz).filter { $0.document != nil && ($0.isVerified || !hasLicence) }
        return readings.first(where: \.isVerified) ?? readings.min {
            $0.failedChecks.count + $0.uncertainPositions.count < $1.failedChecks.count + $1.uncertainPositions.count
        }
    }
}

extension DocumentData {
    /// Copies every field that is empty here from `other`.
    mutating func fillMissing(from other: DocumentData) {
        if selectedCountry == nil { selectedCountry = other.selectedCountry }
        if selectedDocumentType == nil { selectedDocumentType = other.selectedDocumentType }
        if idNumber == nil { idNumber = other.idNumber }
        if personalNumber == nil { personalNumber = other.personalNumber }
        if issuingDate == nil { issuingDate = other.issuingDate }
        if expiryDate == nil { expiryDate = other.expiryDate }
        if issuingCountry == nil { issuingCountry = other.issuingCountry }
        if lastName == nil { lastName = other.lastName }
        if firstName == nil { firstName = other.firstName }
        if middleName == nil { middleName = other.middleName }
        if dob == nil { dob = other.dob }
        if gender == nil { gender = other.gender }
        if originatingCountry == nil { originatingCountry = other.originatingCountry }
        if addressLine == nil { addressLine = other.addressLine }
        if city == nil { city = other.city }
        if subdivision == nil { subdivision = other.subdivision }
        if postCode == nil { postCode = other.postCode }
        if placeOfBirth == nil { placeOfBirth = other.placeOfBirth }
    }
}
