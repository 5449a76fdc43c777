/// A face's position in a descriptor space where faces of one person lie close together and faces
/// of different people far apart (dlib's 128-D ResNet descriptor on Linux and macOS).
public struct FaceDescriptor: Sendable, Hashable, Codable {
    /// The coordinates.
    public let values: [Float]

    /// Wraps descriptor values.
    public init(values: [Float]) {
        self.values = values
    }

    /// The Euclidean distance to another descriptor; `nil` when their lengths differ (descriptors
    /// of different models cannot be compared).
    public func distance(to other: FaceDescriptor) -> Double? {
        guard values.count == other.values.count else { return nil }
        var sum = 0.0
        for (a, b) in zip(values, other.values) {
            let d = Double(a) - Double(b)
            sum += d * d
        }
        return sum.squareRoot()
    }
}
