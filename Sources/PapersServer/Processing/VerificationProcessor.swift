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
        verify(front: images["front"], back: images["back"], hasFace: record.images.contains("face"),
               request: record.request ?? VerificationRequest())
    }

    /// Reads and decides one document from its photos, as the server does, without a server.
    ///
    /// - Parameters:
    ///   - front: the front photo (JPEG or PNG bytes); without one the decision is `NO_ID_UPLOADED`.
    ///   - back: the back photo, when there is one.
    ///   - hasFace: whether a selfie was given (face matching is not built; it is reported as not possible).
    ///   - request: the options of the verification (preselection, extraction only, identity verification).
    ///   - today: the day expiry is judged against.
    public func verify(front: Data?, back: Data?, hasFace: Bool = false, request: VerificationRequest,
                       today: CalendarDate = .today()) -> VerificationResult {
        func decode(_ bytes: Data?) -> Image? {
            bytes.flatMap { try? ImageCodecs.decode([UInt8]($0), format: .rgb) }
        }
        var decider = self.decider
        decider.today = today
        let frontImage = decode(front), backImage = decode(back)
        let photos = [frontImage, backImage].compactMap { $0 }
        guard !photos.isEmpty else {
            return decider.decide(.init(hasFront: false, frontAnalysis: nil, scan: nil, hasFace: hasFace), request: request)
        }
        let sides = photos.map(scanner.scanSide)
        let scan: Result<DocumentScan, RecognitionError> = sides.contains(where: \.hasReadableContent)
            ? .success(DocumentScan(sides: sides))
            : .failure(RecognitionError(code: .nothingReadable))
        let input = VerificationDecider.Input(
            hasFront: frontImage != nil, frontAnalysis: frontImage != nil ? sides.first?.analysis : nil, scan: scan, hasFace: hasFace)
        return decider.decide(input, request: request)
    }
}
