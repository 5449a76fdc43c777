import PapersFacesDlib
import PapersImaging
import PapersRecognition

/// A photo of a made-up ID card carrying a real face as its portrait: a pale card with a title
/// band and lines of "text", the face's head and shoulders pasted on its left, lying on a dark
/// table. Enough for the capture analysis to find the card and for the matcher to find the portrait.
struct CardPhoto {
    /// The card's top-left corner in the photo.
    static let cardX = 270, cardY = 230
    /// The card's size (ID-1 proportions).
    static let cardWidth = 856, cardHeight = 540
    /// Where the portrait sits on the card, and its size.
    static let portraitX = 48, portraitY = 130, portraitWidth = 240, portraitHeight = 300

    /// The photo: 1400×1000 RGB.
    let image: Image

    /// Puts the largest face of `face` on a card.
    init(face: Image) throws {
        let found = try largestFace(in: face)
        // Head and shoulders around the face box, in the portrait's proportions.
        let height = found.height * 2.2, width = height * Double(Self.portraitWidth) / Double(Self.portraitHeight)
        let x0 = max(0, Int(found.x + found.width / 2 - width / 2)), y0 = max(0, Int(found.y + found.height * 0.45 - height * 0.45))
        let crop = face.cropped(x: x0, y: y0, width: min(face.width - x0, Int(width)), height: min(face.height - y0, Int(height)))!
        let portrait = crop.resized(width: Self.portraitWidth, height: Self.portraitHeight)

        var photo = Image(width: 1400, height: 1000, format: .rgb, fill: 0)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for y in 0..<photo.height {
            for x in 0..<photo.width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = Int(state >> 61)
                photo.set(x, y, (52 + noise, 40 + noise, 34 + noise))
            }
        }
        for y in 0..<Self.cardHeight {
            for x in 0..<Self.cardWidth {
                var colour = (226, 234, 244)
                if y < 80 { colour = (40, 80, 150) }                                         // title band
                if x >= 320, x < 800, y >= 140, (y - 140) % 56 < 18 { colour = (70, 70, 80) } // lines of text
                photo.set(Self.cardX + x, Self.cardY + y, colour)
            }
        }
        for y in 0..<Self.portraitHeight {
            for x in 0..<Self.portraitWidth {
                let i = portrait.offset(x: x, y: y)
                photo.set(Self.cardX + Self.portraitX + x, Self.cardY + Self.portraitY + y,
                          (Int(portrait.pixels[i]), Int(portrait.pixels[i + 1]), Int(portrait.pixels[i + 2])))
            }
        }
        image = photo
    }

    /// The portrait as a photo of its own, cut from the card photo and enlarged: a "selfie" made
    /// from the ID.
    func portraitCrop() -> Image {
        let crop = image.cropped(x: Self.cardX + Self.portraitX + 10, y: Self.cardY + Self.portraitY + 10,
                                 width: Self.portraitWidth - 20, height: Self.portraitHeight - 20)!
        return crop.resized(width: crop.width * 3 / 2, height: crop.height * 3 / 2)
    }
}

/// The largest face dlib finds in `image`.
private func largestFace(in image: Image) throws -> DetectedFace {
    guard let face = try DlibFaceDetector().detectFaces(in: image.fitting(maximumSide: 1024)).first else {
        throw RecognitionError(code: .invalidInput, detail: "no face in the card's source photo")
    }
    let scale = Double(image.width) / Double(image.fitting(maximumSide: 1024).width)
    return DetectedFace(x: face.x * scale, y: face.y * scale, width: face.width * scale, height: face.height * scale, score: face.score)
}

private extension Image {
    mutating func set(_ x: Int, _ y: Int, _ colour: (Int, Int, Int)) {
        let i = offset(x: x, y: y)
        pixels[i] = UInt8(clamping: colour.0)
        pixels[i + 1] = UInt8(clamping: colour.1)
        pixels[i + 2] = UInt8(clamping: colour.2)
    }
}
