/// How a part of a document is scanned (Jumio's `NetverifyScanMode`).
public enum ScanMode: String, Sendable, Hashable, Codable, CaseIterable {
    case mrz
    case barcode
    case ocr
    case faceCapture
    case liveness
    case manual
}

/// A part the workflow asks for (Jumio's `NetverifyScanSide`).
public enum ScanPart: String, Sendable, Hashable, Codable, CaseIterable {
    case front
    case back
    case face
}

/// Why a confirmation is shown (Jumio's `NetverifyConfirmationType`).
public enum ConfirmationType: String, Sendable, Hashable, Codable, CaseIterable {
    /// Everything readable and glare free?
    case generic
    /// Is this the side that was asked for?
    case checkDocumentSide
    /// Being analysed: neither confirm nor retake yet.
    case analyzing
    /// The analysis passed: confirm.
    case analyzingResponsePass
    /// The analysis rejected it: retake.
    case analyzingResponseReject
}
