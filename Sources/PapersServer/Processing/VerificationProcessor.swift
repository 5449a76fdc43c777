import Foundation
import PapersCore
import PapersImaging
import PapersImagingCodecs
import PapersRecognition

/// Reads a verification's photos and decides: capture quality → document reading (MRZ, barcode)
/// → checks → decision. CPU-bound; the worker pool runs it on its own threads.
public struct VerificationProcessor: Sendable {
    /// The document scanner (with whichever barcode reader and face detector the build has).
    public var scanner: DocumentScanner
    /// The decision rules.
    public var decider: VerificationDecider

    /// Creates a processor.
    public init(scanner: DocumentScanner, decider: VerificationDecider = VerificationDecider()) {
        self.scanner = scanner
        self.decider = decider
    }

    /// The images a verification's processing reads.
    static let sides = ["front", "back"]

    /// Processes `record` given its opened images by name.
    func process(_ record: VerificationRecord, images: [String: Data]) -> VerificationResult {
        var photos: [Image] = []
        var decodeFailed = false
        for side in Self.sides {
            guard let bytes = images[side] else { continue }
            do {
                photos.append(try ImageCodecs.decode([UInt8](bytes), format: .rgb))
            } catch {
                decodeFailed = true
            }
        }
        let hasFront = record.images.contains("front")
        var decider = self.decider
        decider.today = .today()
        guard !photos.isEmpty else {
            return decider.decide(.init(hasFront: hasFront && !decodeFailed, frontAnalysis: nil, scan: nil, hasFace: record.images.contains("face")),
                                  request: record.request ?? VerificationRequest())
        }
        let sides = photos.map(scanner.scanSide)
        let scan: Result<DocumentScan, RecognitionError> = sides.contains(where: \.hasReadableContent)
            ? .success(DocumentScan(sides: sides))
            : .failure(RecognitionError(code: .nothingReadable))
        let input = VerificationDecider.Input(
            hasFront: hasFront, frontAnalysis: hasFront ? sides.first?.analysis : nil, scan: scan,
            hasFace: record.images.contains("face"))
        return decider.decide(input, request: record.request ?? VerificationRequest())
    }
}
