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
                })
        }
        try container.encode(Details(sides: sides), forKey: .scan)
    }
}
