/// The EXIF orientation of a photo (TIFF tag 0x0112): how the stored pixels must be turned to stand upright.
public enum EXIFOrientation: Int, Sendable, Hashable, CaseIterable {
    case up = 1, upMirrored = 2, down = 3, downMirrored = 4
    case leftMirrored = 5, right = 6, rightMirrored = 7, left = 8

    /// Reads the orientation from a JPEG's APP1 Exif segment; `.up` when there is none or it is damaged.
    public static func read(fromJPEG data: [UInt8]) -> EXIFOrientation {
        var index = 2
        while index + 4 <= data.count, data[index] == 0xFF {
            let marker = data[index + 1]
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { index += 2; continue }
            if marker == 0xDA || marker == 0xD9 { break }  // image data: no more metadata
            let length = Int(data[index + 2]) << 8 | Int(data[index + 3])
            guard length >= 2, index + 2 + length <= data.count else { break }
            if marker == 0xE1, length >= 8 {
                let start = index + 4
                if data[start..<(start + 6)].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                    return parseTIFF(data, from: start + 6, to: index + 2 + length) ?? .up
                }
            }
            index += 2 + length
        }
        return .up
    }

    static func parseTIFF(_ data: [UInt8], from start: Int, to end: Int) -> EXIFOrientation? {
        guard end - start >= 8 else { return nil }
        let little: Bool
        switch (data[start], data[start + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= start, at + 2 <= end else { return nil }
            return little ? Int(data[at]) | Int(data[at + 1]) << 8 : Int(data[at]) << 8 | Int(data[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard let ifdOffset = u32(start + 4), let count = u16(start + ifdOffset) else { return nil }
        for entry in 0..<min(count, 256) {
            let at = start + ifdOffset + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            if tag == 0x0112, let value = u16(at + 8) { return EXIFOrientation(rawValue: value) }
        }
        return nil
    }
}

extension Image {
    /// The image turned upright according to an EXIF orientation.
    public func applying(_ orientation: EXIFOrientation) -> Image {
        switch orientation {
        case .up: return self
        case .down: return rotated(.half)
        case .right: return rotated(.clockwise)
        case .left: return rotated(.counterClockwise)
        case .upMirrored: return mirrored()
        case .downMirrored: return rotated(.half).mirrored()
        case .leftMirrored: return rotated(.clockwise).mirrored()
        case .rightMirrored: return rotated(.counterClockwise).mirrored()
        }
    }
}
