/// A fast structural check of JPEG and PNG bytes without decoding pixels: the signature, the
/// claimed size (within ``DecodingLimits``), the segments or chunks up to the image data, and the
/// end marker (`FFD9` / `IEND`), so truncated files, lying headers and other formats are refused
/// in microseconds. Damage inside the entropy-coded data is found only by a full decode.
public enum ImageStructure {
    /// What the header says.
    public struct Summary: Sendable, Hashable {
        /// The container.
        public let container: ImageContainer
        /// Claimed width in pixels.
        public let width: Int
        /// Claimed height in pixels.
        public let height: Int
        /// Colour components per pixel as stored: 1 gray, 3 colour (YCbCr or RGB), 4 CMYK or
        /// RGBA, 2 gray with alpha.
        public let components: Int
    }

    /// Checks `data`; throws ``ImageCodecError`` naming what is wrong.
    public static func check(_ data: [UInt8], limits: DecodingLimits = DecodingLimits()) throws(ImageCodecError) -> Summary {
        guard !data.isEmpty else { throw ImageCodecError(code: .empty) }
        switch ImageContainer(sniffing: data) {
        case .jpeg: return try jpeg(data, limits: limits)
        case .png: return try png(data, limits: limits)
        case nil: throw ImageCodecError(code: .unknownFormat)
        }
    }

    static func jpeg(_ data: [UInt8], limits: DecodingLimits) throws(ImageCodecError) -> Summary {
        // The last marker must be EOI (padding after it, as some cameras write, is allowed).
        let tail = data.suffix(4096)
        guard zip(tail, tail.dropFirst()).contains(where: { $0 == 0xFF && $1 == 0xD9 }) else {
            throw ImageCodecError(code: .corrupt, container: "JPEG")
        }
        var offset = 2
        var size: (Int, Int, Int)?
        while offset + 4 <= data.count {
            guard data[offset] == 0xFF else { throw ImageCodecError(code: .corrupt, container: "JPEG") }
            let marker = data[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { offset += 2; continue }
            let length = Int(data[offset + 2]) << 8 | Int(data[offset + 3])
            guard length >= 2, offset + 2 + length <= data.count else { throw ImageCodecError(code: .corrupt, container: "JPEG") }
            // Start of frame (baseline, progressive, …; not DHT C4, JPG C8 or DAC CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard length >= 8 else { throw ImageCodecError(code: .corrupt, container: "JPEG") }
                let height = Int(data[offset + 5]) << 8 | Int(data[offset + 6])
                let width = Int(data[offset + 7]) << 8 | Int(data[offset + 8])
                try limits.check(width: width, height: height, container: "JPEG")
                size = (width, height, Int(data[offset + 9]))
            }
            if marker == 0xDA {  // start of scan: entropy-coded data follows
                guard let (width, height, components) = size else { throw ImageCodecError(code: .corrupt, container: "JPEG") }
                return Summary(container: .jpeg, width: width, height: height, components: components)
            }
            offset += 2 + length
        }
        throw ImageCodecError(code: .corrupt, container: "JPEG")
    }

    static func png(_ data: [UInt8], limits: DecodingLimits) throws(ImageCodecError) -> Summary {
        let end: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        guard data.count >= 8 + 25 + 12, data.suffix(12).elementsEqual(end) else {
            throw ImageCodecError(code: .corrupt, container: "PNG")
        }
        // IHDR is the first chunk: length 13, then width and height.
        guard data[12...15].elementsEqual([0x49, 0x48, 0x44, 0x52]) else { throw ImageCodecError(code: .corrupt, container: "PNG") }
        func be32(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = be32(16), height = be32(20)
        try limits.check(width: width, height: height, container: "PNG")
        // Walk the chunks to the end: their lengths must tile the file exactly.
        var offset = 8
        var sawData = false
        while offset + 12 <= data.count {
            let length = be32(offset)
            let type = data[offset + 4..<offset + 8]
            guard length <= data.count, offset + 12 + length <= data.count else { throw ImageCodecError(code: .corrupt, container: "PNG") }
            if type.elementsEqual([0x49, 0x44, 0x41, 0x54]) { sawData = true }
            offset += 12 + length
            if type.elementsEqual([0x49, 0x45, 0x4E, 0x44]) { break }
        }
        guard sawData, offset == data.count else { throw ImageCodecError(code: .corrupt, container: "PNG") }
        // IHDR's colour type: 0 gray, 2 RGB, 3 palette, 4 gray and alpha, 6 RGBA.
        let components = [0: 1, 2: 3, 3: 3, 4: 2, 6: 4][Int(data[25])] ?? 3
        return Summary(container: .png, width: width, height: height, components: components)
    }
}
