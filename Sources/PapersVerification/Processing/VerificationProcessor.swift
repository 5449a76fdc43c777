import Foundation
import PapersCore
import PapersImaging
import PapersRecognition

/// Reads a verification's photos and decides: capture quality → document reading (MRZ, barcode)
/// → checks → decision. CPU-bound and synchronous: the server's workers and `papers verify` call it
/// the same way, so a device can run the server's decision offline.
public struct VerificationProcessor: Sendable {
    /// The document scanner (with whichever barcode reader and face detector the build has).
    public var scanner: DocumentScanner
    /// Turns uploaded bytes into pixels (the native codecs, or a platform's decoder).
    public var decoder: any ImageDecoder
    /// The decision rules.
    public var decider: VerificationDecider
    /// Compares the selfie with the document's portrait when identity verification is asked for;
    /// without one, `identityVerification` says face matching is not available.
    public var faceMatcher: FaceMatcher?
    /// What an image may claim before it is decoded (a larger one is treated as unreadable).
    public var decodingLimits = DecodingLimits()

    /// Creates a processor.
    public init(scanner: DocumentScanner, decoder: any ImageDecoder, decider: VerificationDecider = VerificationDecider()) {
        self.scanner = scanner
        self.decoder = decoder
        self.decider = decider
    }

    /// A cropped document in a plain border an eighth of its size wide, dark around a light
    /// document and light around a dark one: the outline a photo of it would show.
    public static func framed(_ document: Image) -> Image {
        let channels = document.format.channels, w = document.width, h = document.height
        var ring = 0, count = 0
        for y in 0..<h {
            for x in 0..<w where x < 2 || y < 2 || x >= w - 2 || y >= h - 2 {
                ring += Int(document.pixels[(y * w + x) * channels]); count += 1
            }
        }
        let fill: UInt8 = count > 0 && ring / count > 128 ? 40 : 215
        let margin = max(8, max(w, h) / 8)
        var out = Image(width: w + 2 * margin, height: h + 2 * margin, format: document.format, fill: fill)
        for y in 0..<h {
            let from = y * w * channels, to = ((y + margin) * out.width + margin) * channels
            out.pixels.replaceSubrange(to..<(to + w * channels), with: document.pixels[from..<(from + w * channels)])
        }
        return out
    }

    /// The document photos processing reads, in order.
    public static let documentSides: [ImageSide] = [.front, .back]

    /// Reads and decides one document from its photos.
    ///
    /// - Parameters:
    ///   - front: the front photo (JPEG or PNG bytes); without one the decision is `NO_ID_UPLOADED`.
    ///   - back: the back photo, when there is one.
    ///   - croppedSides: the sides uploaded already cropped to the document (AuthenticID's
    ///     AutoCrop): each is read as the document itself, framed by a plain border so that its
    ///     outline is found like a photographed one's.
    ///   - hasFace: whether a selfie was given (face matching is not built; it is reported as not possible).
    ///   - request: the options of the verification (preselection, extraction only, identity verification).
    ///   - today: the day expiry is judged against.
    public func verify(front: Data?, back: Data?, croppedSides: Set<ImageSide> = [], hasFace: Bool = false, request: VerificationRequest,
                       today: CalendarDate = .today()) -> VerificationResult {
        verify(frontImage: decode(front), backImage: decode(back), croppedSides: croppedSides, hasFace: hasFace, request: request, today: today)
    }

    /// The bytes decoded with ``decoder`` within ``decodingLimits``; `nil` when they do not decode.
    public func decode(_ bytes: Data?) -> Image? {
        bytes.flatMap { try? decoder.decode([UInt8]($0), limits: decodingLimits) }
    }

    /// Reads and decides one document from photos decoded already (`nil`: missing or not
    /// decodable); see ``verify(front:back:croppedSides:hasFace:request:today:)``.
    public func verify(frontImage decodedFront: Image?, backImage decodedBack: Image?, croppedSides: Set<ImageSide> = [], hasFace: Bool = false,
                       request: VerificationRequest, today: CalendarDate = .today()) -> VerificationResult {
        var decider = self.decider
        decider.today = today
        let frontImage = decodedFront.map { croppedSides.contains(.front) ? Self.framed($0) : $0 }
        let backImage = decodedBack.map { croppedSides.contains(.back) ? Self.framed($0) : $0 }
        let photos = [frontImage, backImage].compactMap { $0 }
        guard !photos.isEmpty else {
            return decider.decide(.init(hasFront: false, frontAnalysis: nil, scan: nil, hasFace: hasFace), request: request)
        }
        let sides = photos.map(scanner.scanSide)
        let scan: Result<DocumentScan, RecognitionError>
        if sides.contains(where: \.hasReadableContent) {
            scan = .success(DocumentScan(sides: sides))
        } else {
            // The measured cause (glare only over the MRZ, what an unread MRZ showed) for the decision.
            let (cause, detail) = DocumentScanner.reason(sides)
            scan = .failure(RecognitionError(code: .nothingReadable, detail: detail, cause: cause))
        }
        let input = VerificationDecider.Input(
            hasFront: frontImage != nil, frontAnalysis: frontImage != nil ? sides.first?.analysis : nil, scan: scan, hasFace: hasFace)
        return decider.decide(input, request: request)
    }

    /// Jumio's identity verification of `face` (the selfie) against `document` (the front photo,
    /// matched by its portrait); `nil` without a face matcher or either image.
    public func identityVerification(face: Image?, document: Image?) -> IdentityVerification? {
        guard let faceMatcher, let face, let document else { return nil }
        do {
            let match = try faceMatcher.match(face, document)
            return IdentityVerification(similarity: match.similarity.rawValue, validity: match.validity, reason: match.reason?.rawValue)
        } catch {
            return IdentityVerification(similarity: "NOT_POSSIBLE", validity: false, reason: "FACE_MATCHING_FAILED")
        }
    }
}
