import Foundation
import PapersCore
import PapersImaging
import PapersRecognition

/// The `--json` shape of `papers scan`: the merged document's fields at the top level (the
/// DESIGN.md contract), and under `scan` what each photo gave. Never any image data.
struct ScanOutput: Encodable {
    let scan: DocumentScan
    let file: String?

    struct Details: Encodable {
        let sides: [Side]
        /// Fields on which the printed front and the barcode or MRZ disagree.
        let printedMismatch: [String]?
    }

    /// A printed field: its value and how sure the reading is.
    struct PrintedField: Encodable {
        let value: String
        let confidence: Double
    }

    struct Side: Encodable {
        let documentDetected: Bool
        let corners: [[Double]]
        let isBlurry: Bool
        let glareDetected: Bool
        let faceDetected: Bool?
        let mrz: MRZ?
        let mrzError: String?
        let barcodes: [Barcode]
        let qrCodes: [QR]
        let printed: [String: PrintedField]?
    }

    struct MRZ: Encodable {
        let format: String
        let lines: [String]
        let verified: Bool
        let failedChecks: [String]
        let corrections: Int
        let uncertainPositions: [MRZReading.Position]
        let minimumConfidence: Double
        let confidences: [[Double]]
    }

    struct Barcode: Encodable {
        let format: String
        let bytesBase64: String
    }

    struct QR: Encodable {
        let kind: String
        let bytesBase64: String
        let text: String?
    }

    enum Keys: String, CodingKey { case file, scan }

    func encode(to encoder: any Encoder) throws {
        try scan.document.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(file, forKey: .file)
        let sides = scan.sides.map { side in
            Side(
                documentDetected: side.analysis.documentDetected,
                corners: side.analysis.corners.map { [($0.x * 10).rounded() / 10, ($0.y * 10).rounded() / 10] },
                isBlurry: side.analysis.isBlurry, glareDetected: side.analysis.glareDetected,
                faceDetected: side.faceDetectorRan ? side.face != nil : nil,
                mrz: side.mrz.map {
                    MRZ(format: $0.format.rawValue, lines: $0.lines, verified: $0.isVerified, failedChecks: $0.failedChecks,
                        corrections: $0.corrections, uncertainPositions: $0.uncertainPositions,
                        minimumConfidence: ($0.minimumConfidence * 1000).rounded() / 1000,
                        confidences: $0.confidences.map { $0.map { ($0 * 1000).rounded() / 1000 } })
                },
                mrzError: side.mrzError?.description,
                barcodes: side.barcodes.map { Barcode(format: $0.symbology.rawValue, bytesBase64: Data($0.bytes).base64EncodedString()) },
                qrCodes: side.qrCodes.map {
                    QR(kind: $0.kind.rawValue, bytesBase64: Data($0.bytes).base64EncodedString(), text: String(validating: $0.bytes, as: UTF8.self))
                },
                printed: side.printed.map(Self.printedFields))
        }
        let mismatch = scan.printedMismatch
        try container.encode(Details(sides: sides, printedMismatch: mismatch.isEmpty ? nil : mismatch), forKey: .scan)
    }

    /// The printed fields read, by their document data names.
    static func printedFields(_ fields: PrintedIDFields) -> [String: PrintedField] {
        func entry(_ field: ExtractedField<some Sendable & Hashable>?, _ text: (Any) -> String) -> PrintedField? {
            field.map { PrintedField(value: text($0.value), confidence: ($0.confidence * 1000).rounded() / 1000) }
        }
        let date: (Any) -> String = { ($0 as? CalendarDate)?.iso ?? "" }, plain: (Any) -> String = { "\($0)" }
        let entries: [(String, PrintedField?)] = [
            ("lastName", entry(fields.lastName, plain)), ("firstName", entry(fields.firstName, plain)),
            ("middleName", entry(fields.middleName, plain)), ("dob", entry(fields.dob, date)),
            ("issuingDate", entry(fields.issuingDate, date)), ("expiryDate", entry(fields.expiryDate, date)),
            ("idNumber", entry(fields.idNumber, plain)), ("gender", entry(fields.gender) { ($0 as? Gender)?.rawValue ?? "" }),
            ("addressLine", entry(fields.addressLine, plain)), ("city", entry(fields.city, plain)),
            ("subdivision", entry(fields.subdivision, plain)), ("postCode", entry(fields.postCode, plain)),
        ]
        return Dictionary(uniqueKeysWithValues: entries.compactMap { name, field in field.map { (name, $0) } })
    }
}
