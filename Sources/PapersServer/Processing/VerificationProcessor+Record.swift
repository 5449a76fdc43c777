import Foundation
import PapersVerification

extension VerificationProcessor {
    /// Processes a stored verification given its opened images by name.
    func process(_ record: VerificationRecord, images: [ImageSide: Data]) -> VerificationResult {
        verify(front: images[.front], back: images[.back], hasFace: record.images.contains(ImageSide.face.rawValue),
               request: record.request ?? VerificationRequest())
    }
}
