import Foundation
import PapersImaging
import PapersVerification

extension VerificationProcessor {
    /// Processes a stored verification given its opened images by side and, for a side whose
    /// still image is missing or does not decode, the frames of its valid batches: the frame the
    /// capture analysis rates best stands in for it. A still uploaded as cropped is read as the
    /// document itself.
    func process(_ record: VerificationRecord, images: [ImageSide: Data], frames: [ImageSide: [Data]] = [:]) -> VerificationResult {
        var stills: [ImageSide: Data] = [:]
        var cropped: Set<ImageSide> = []
        for side in VerificationProcessor.documentSides {
            if let bytes = images[side], (try? decoder.decode([UInt8](bytes), limits: decodingLimits)) != nil {
                stills[side] = bytes
                if record.croppedImages.contains(side.rawValue) { cropped.insert(side) }
            } else {
                stills[side] = bestFrame(frames[side] ?? []) ?? images[side]
            }
        }
        return verify(front: stills[.front], back: stills[.back], croppedSides: cropped, hasFace: record.images.contains(ImageSide.face.rawValue),
                      request: record.request ?? VerificationRequest())
    }

    /// The frame whose capture analysis is most confident, among those that decode.
    func bestFrame(_ frames: [Data]) -> Data? {
        let analyzer = CaptureAnalyzer()
        var best: (bytes: Data, confidence: Double)?
        for bytes in frames {
            guard let image = try? decoder.decode([UInt8](bytes), limits: decodingLimits) else { continue }
            let confidence = analyzer.analyze(image).analysis.confidence
            if confidence > best?.confidence ?? -1 { best = (bytes, confidence) }
        }
        return best?.bytes
    }
}
