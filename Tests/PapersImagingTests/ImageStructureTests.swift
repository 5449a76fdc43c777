import Foundation
import PapersImaging
import PapersImagingCodecs
import Testing

@Suite("Image structure check")
struct ImageStructureTests {
    static let image: Image = {
        var image = Image(width: 64, height: 48, format: .gray)
        for y in 0..<48 { for x in 0..<64 { image.pixels[image.offset(x: x, y: y)] = UInt8((x * 4 + y * 2) & 0xFF) } }
        return image
    }()

    @Test("real JPEG and PNG pass with their size", arguments: ["a.jpg", "a.png"])
    func valid(name: String) throws {
        let bytes = try ImageCodecs.encode(Self.image, forPath: name)
        let summary = try ImageStructure.check(bytes)
        #expect(summary.width == 64 && summary.height == 48)
        #expect(summary.container == (name.hasSuffix("png") ? .png : .jpeg))
    }

    @Test("truncated, lying, empty and foreign bytes are refused", arguments: ["a.jpg", "a.png"])
    func invalid(name: String) throws {
        let bytes = try ImageCodecs.encode(Self.image, forPath: name)
        #expect(throws: ImageCodecError.self) { try ImageStructure.check(Array(bytes.prefix(bytes.count - 20))) }
        #expect(throws: ImageCodecError.self) { try ImageStructure.check(Array(bytes.prefix(40))) }
        #expect(throws: ImageCodecError.self) { try ImageStructure.check([]) }
        #expect(throws: ImageCodecError.self) { try ImageStructure.check(Array("just some text, not a picture".utf8)) }
        // A header claiming 50000×50000 pixels.
        var lying = bytes
        if name.hasSuffix("png") {
            lying[16...23] = [0, 0, 0xC3, 0x50, 0, 0, 0xC3, 0x50]
        } else if let sof = (2..<lying.count - 9).first(where: { lying[$0] == 0xFF && lying[$0 + 1] == 0xC0 }) {
            lying[(sof + 5)...(sof + 8)] = [0xC3, 0x50, 0xC3, 0x50]
        }
        #expect(throws: ImageCodecError.self) { try ImageStructure.check(lying) }
    }
}
