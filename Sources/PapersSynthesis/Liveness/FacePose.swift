/// How a ``SyntheticFace`` is rendered: each measure 0 for the photo as taken.
public struct FacePose: Sendable, Hashable, Codable {
    /// The head turn: how far the nose tip moves across the face, as a share of the jaw's width;
    /// negative towards the image's left.
    public var yaw: Double
    /// The nod: how far the nose tip moves down the face, as a share of the eyes-to-chin height;
    /// negative upwards.
    public var pitch: Double
    /// How shut the eyes are, from 0 (as photographed) to 1 (lids down).
    public var eyesClosed: Double
    /// How much the mouth corners move apart, as a share of the mouth's width.
    public var smile: Double

    /// A pose.
    public init(yaw: Double = 0, pitch: Double = 0, eyesClosed: Double = 0, smile: Double = 0) {
        self.yaw = yaw
        self.pitch = pitch
        self.eyesClosed = eyesClosed
        self.smile = smile
    }

    /// The photo as taken.
    public static let frontal = FacePose()
}
