import Foundation
import PapersImaging
import PapersImagingCodecs
import Testing

@Suite("PDF of JPEG pages")
struct PDFWriterTests {
    static func jpeg(_ format: Image.PixelFormat, width: Int, height: Int) throws -> [UInt8] {
        try ImageCodecs.encode(Image(width: width, height: height, format: format, fill: 200), forPath: "page.jpg")
    }

    @Test("each JPEG is embedded byte for byte on a page of its size, with a cross-reference that points at every object")
    func pages() throws {
        let colour = try Self.jpeg(.rgb, width: 120, height: 300)
        let gray = try Self.jpeg(.gray, width: 80, height: 60)
        let first = try PDFWriter.Page(jpeg: colour)
        let second = try PDFWriter.Page(jpeg: gray)
        #expect(first.width == 120 && first.height == 300 && first.components == 3)
        #expect(second.width == 80 && second.height == 60 && second.components == 1)
        let pdf = PDFWriter.pdf([first, second])
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.4"))
        #expect(text.contains("/Count 2"))
        #expect(text.contains("/MediaBox [0 0 120 300]") && text.contains("/MediaBox [0 0 80 60]"))
        #expect(text.contains("/DeviceRGB") && text.contains("/DeviceGray"))
        #expect(pdf.firstRange(of: colour) != nil && pdf.firstRange(of: gray) != nil)
        // startxref names the table's offset; each entry names where its object starts.
        let startxref = try #require(text.range(of: "startxref\n", options: .backwards))
        let offset = try #require(Int(text[startxref.upperBound...].prefix { $0.isNumber }))
        #expect(Array(pdf[offset..<offset + 4]) == Array("xref".utf8))
        let table = String(decoding: pdf[offset...], as: UTF8.self)
        let entries = table.split(separator: "\n").dropFirst(3).prefix(8)
        for (number, entry) in entries.enumerated() {
            let at = try #require(Int(entry.prefix(10)))
            #expect(Array(pdf[at...].prefix("\(number + 1) 0 obj".utf8.count)) == Array("\(number + 1) 0 obj".utf8))
        }
    }

    @Test("a JPEG page is taken as it is; any other page as the JPEG it is encoded to")
    func asItIsOrEncoded() throws {
        let jpeg = try Self.jpeg(.rgb, width: 40, height: 30)
        let kept = try PDFWriter.Page(jpeg) { Issue.record("a JPEG was encoded again"); return [] }
        #expect(kept.jpeg == jpeg)
        let png = try ImageCodecs.encode(Image(width: 8, height: 6, format: .rgb, fill: 10), forPath: "page.png")
        let encoded = try PDFWriter.Page(png) { try Self.jpeg(.gray, width: 8, height: 6) }
        #expect(encoded.components == 1 && encoded.width == 8 && encoded.height == 6)
    }

    @Test("a PNG, a truncated JPEG or nothing is refused with a codec error")
    func refusals() throws {
        let png = try ImageCodecs.encode(Image(width: 8, height: 8, format: .rgb, fill: 10), forPath: "page.png")
        #expect(throws: ImageCodecError.self) { try PDFWriter.Page(jpeg: png) }
        let jpeg = try Self.jpeg(.rgb, width: 40, height: 40)
        #expect(throws: ImageCodecError.self) { try PDFWriter.Page(jpeg: Array(jpeg.prefix(jpeg.count / 2))) }
        #expect(throws: ImageCodecError.self) { try PDFWriter.Page(jpeg: []) }
    }
}
