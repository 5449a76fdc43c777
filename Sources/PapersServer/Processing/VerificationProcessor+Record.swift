import Foundation
import PapersImaging
import PapersVerification

extension VerificationProcessor {
    /// Processes a stored verification given its opened images by side and, for a side whose
    /// still image is missing or does not decode, the frames of its valid batches: the frame the
    /// capture analysis rates best stands in for it.
    func process(_ record: VerificationRecord, images: [ImageSide: Data], frames: [ImageSide: [Data]] = [:]) -> VerificationResult {
        func still(_ side: ImageSide) -> Data? {
            if let bytes = images[side], (try? decoder.decode([UInt8](bytes), limits: decodingLimits)) != nil { return bytes }
            return bestFrame(frames[side] ?? []) ?? images[side]
        }
        return verify(front: still(.front), back: still(.back), hasFace: record.images.contains(ImageSide.face.rawValue),
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
