import PapersImaging

/// A photo of a real face to print as a document's portrait, with where the face is in it, so
/// that synthetic documents carry a face a detector finds and a matcher can compare.
///
/// Synthesis does not detect faces: the caller (the `papers` CLI, a test) runs a face detector
/// and hands over its box.
public struct SyntheticPortrait: Sendable, Hashable {
    /// The name recorded in the truth of every document the portrait is printed on (a file name).
    public let name: String
    /// The photo, RGB.
    public let image: Image
    /// The face's box in the photo's pixels: left, top, width and height.
    public let faceX: Double, faceY: Double, faceWidth: Double, faceHeight: Double

    /// The face box's share of the portrait's width: about that of an ICAO passport photo, whose
    /// head fills 70–80% of its height, for a detector's box that runs from the brows to the chin.
    public static let faceShareOfWidth = 0.62

    /// A portrait of `image` (converted to RGB) whose face lies in the given box.
    public init(name: String, image: Image, faceX: Double, faceY: Double, faceWidth: Double, faceHeight: Double) {
        self.name = name
        self.image = image.rgb()
        self.faceX = faceX
        self.faceY = faceY
        self.faceWidth = faceWidth
        self.faceHeight = faceHeight
    }

    /// The head-and-shoulders crop around the face, scaled to `width` × `height`: the face centred
    /// across, its box ``faceShareOfWidth`` of the width and its centre 45% down. A crop reaching past
    /// the photo is moved inside it, and shrunk about the face when the photo is too small.
    public func printed(width: Int, height: Int) -> Image {
        precondition(width > 0 && height > 0, "a portrait has at least one pixel")
        let aspect = Double(height) / Double(width)
        var cropWidth = faceWidth / Self.faceShareOfWidth
        var cropHeight = cropWidth * aspect
        let fit = min(1, Double(image.width) / cropWidth, Double(image.height) / cropHeight)
        cropWidth *= fit
        cropHeight *= fit
        let cx = faceX + faceWidth / 2, cy = faceY + faceHeight / 2
        let x0 = min(max(0, cx - cropWidth / 2), Double(image.width) - cropWidth)
        let y0 = min(max(0, cy - cropHeight * 0.45), Double(image.height) - cropHeight)
        let box = (x: Int(x0.rounded()), y: Int(y0.rounded()),
                   width: max(1, min(image.width - Int(x0.rounded()), Int(cropWidth.rounded()))),
                   height: max(1, min(image.height - Int(y0.rounded()), Int(cropHeight.rounded()))))
        let crop = image.cropped(x: box.x, y: box.y, width: box.width, height: box.height) ?? image
        return crop.resized(width: width, height: height)
    }
}
