import Foundation
import PapersImaging
import PapersVerification

extension VerificationProcessor {
    /// The still images that decode, by side (each decoded once, here).
    func decodeStills(_ images: [ImageSide: Data]) -> [ImageSide: Image] {
        var stills: [ImageSide: Image] = [:]
        for side in Self.documentSides { stills[side] = decode(images[side]) }
        return stills
    }

    /// Processes a stored verification from its decoded stills and, for a side without one
    /// (missing, or not decodable), the frames of its valid batches: the frame the capture
    /// analysis rates best stands in for it. A still uploaded as cropped is read as the document
    /// itself.
    /// With identity verification asked for and a face matcher, `face` (the selfie's bytes) is
    /// compared with the front's portrait.
    func process(_ record: VerificationRecord, stills: [ImageSide: Image], frames: [ImageSide: [Data]] = [:], face: Data? = nil) -> VerificationResult {
        var chosen = stills
        for side in Self.documentSides where stills[side] == nil { chosen[side] = bestFrame(frames[side] ?? []) }
        let cropped = Set(Self.documentSides.filter { stills[$0] != nil && record.croppedImages.contains($0.rawValue) })
        let request = record.request ?? VerificationRequest()
        var result = verify(frontImage: chosen[.front], backImage: chosen[.back], croppedSides: cropped,
                            hasFace: record.images.contains(ImageSide.face.rawValue), request: request)
        if request.enableIdentityVerification == true, let identity = identityVerification(face: decode(face), document: chosen[.front]) {
            result.identityVerification = identity
        }
        return result
    }

    /// The frame whose capture analysis is most confident, among those that decode.
    func bestFrame(_ frames: [Data]) -> Image? {
        let analyzer = CaptureAnalyzer()
        var best: (image: Image, confidence: Double)?
        for bytes in frames {
            guard let image = decode(bytes) else { continue }
            let confidence = analyzer.analyze(image).analysis.confidence
            if confidence > best?.confidence ?? -1 { best = (image, confidence) }
        }
        return best?.image
    }
}
