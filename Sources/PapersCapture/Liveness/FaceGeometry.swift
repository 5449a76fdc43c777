import Foundation
import PapersImaging

/// Measures of a face from dlib's 68 landmarks (the iBUG 300-W layout: jaw 0–16, brows 17–26,
/// nose 27–35, eyes 36–41 and 42–47, lips 48–67), each a ratio that does not depend on how far
/// the face is from the camera.
public struct FaceGeometry: Sendable, Hashable {
    /// Where the nose tip lies across the face, from the jaw's left end (0) to its right end (1):
    /// about 0.5 facing the camera.
    public let yaw: Double
    /// Where the nose tip lies down the face, from the eyes' line (0) to the chin (1).
    public let pitch: Double
    /// The eyes' aspect ratio (mean of both): their height over their width, about 0.3 open, under 0.15 shut.
    public let eyeOpenness: Double
    /// The mouth's width over the distance between the eyes' outer corners.
    public let mouthWidth: Double

    /// The geometry of 68 landmarks; `nil` for any other count or a degenerate face.
    public init?(landmarks p: [Point]) {
        guard p.count == 68 else { return nil }
        let jawWidth = p[16].x - p[0].x
        let eyesY = (p[36].y + p[39].y + p[42].y + p[45].y) / 4
        let faceHeight = p[8].y - eyesY
        let eyeSpan = p[36].distance(to: p[45])
        guard abs(jawWidth) > 1, faceHeight > 1, eyeSpan > 1 else { return nil }
        yaw = (p[30].x - p[0].x) / jawWidth
        pitch = (p[30].y - eyesY) / faceHeight
        func aspect(_ i: Int) -> Double {
            let width = p[i].distance(to: p[i + 3])
            guard width > 0 else { return 0 }
            return (p[i + 1].distance(to: p[i + 5]) + p[i + 2].distance(to: p[i + 4])) / (2 * width)
        }
        eyeOpenness = (aspect(36) + aspect(42)) / 2
        mouthWidth = p[48].distance(to: p[54]) / eyeSpan
    }
}
