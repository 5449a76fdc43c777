/// Writes a PDF of JPEG pages, each embedded as it is (DCTDecode, no re-encoding) on a page of
/// its own pixel size at 72 dpi: the stitched PDF of a multi-page document.
public enum PDFWriter {
    /// A JPEG page: its bytes, its size in pixels and its components (1 gray, 3 colour).
    public struct Page: Sendable, Hashable {
        /// The JPEG's bytes.
        public let jpeg: [UInt8]
        /// Width in pixels.
        public let width: Int
        /// Height in pixels.
        public let height: Int
        /// Colour components: 1 gray, 3 colour.
        public let components: Int

        /// A page of `jpeg`, its size and components read from its header.
        ///
        /// - Throws: ``ImageCodecError`` when the bytes are not a whole JPEG within `limits`, or
        ///   `unsupported` when it is not gray or three-component colour (a CMYK JPEG), which the
        ///   caller re-encodes first.
        public init(jpeg: [UInt8], limits: DecodingLimits = DecodingLimits()) throws(ImageCodecError) {
            let summary = try ImageStructure.check(jpeg, limits: limits)
            guard summary.container == .jpeg else { throw ImageCodecError(code: .unknownFormat) }
            guard summary.components == 1 || summary.components == 3 else {
                throw ImageCodecError(code: .unsupported, container: "JPEG")
            }
            self.jpeg = jpeg
            width = summary.width
            height = summary.height
            components = summary.components
        }

        /// A page of `bytes` as they are when they are a gray or colour JPEG within `limits`;
        /// otherwise (a PNG, a CMYK JPEG) a page of the JPEG `encoded` makes of them.
        ///
        /// - Throws: what `encoded` throws, or ``ImageCodecError`` when its JPEG is not a page.
        public init(_ bytes: [UInt8], limits: DecodingLimits = DecodingLimits(), encoded: () throws -> [UInt8]) throws {
            if let page = try? Page(jpeg: bytes, limits: limits) {
                self = page
            } else {
                self = try Page(jpeg: encoded(), limits: limits)
            }
        }
    }

    /// The PDF's bytes.
    public static func pdf(_ pages: [Page]) -> [UInt8] {
        var out: [UInt8] = Array("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        func object(_ number: Int, _ body: [UInt8]) {
            offsets.append(out.count)
            out += Array("\(number) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
        }
        // 1: catalog, 2: page tree, then per page: page, content, image.
        let pageNumbers = pages.indices.map { 3 + 3 * $0 }
        object(1, Array("<< /Type /Catalog /Pages 2 0 R >>".utf8))
        object(2, Array("<< /Type /Pages /Kids [\(pageNumbers.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pages.count) >>".utf8))
        for (index, page) in pages.enumerated() {
            let number = pageNumbers[index]
            object(number, Array("""
                << /Type /Page /Parent 2 0 R /MediaBox [0 0 \(page.width) \(page.height)] \
                /Resources << /XObject << /Im\(index) \(number + 2) 0 R >> >> /Contents \(number + 1) 0 R >>
                """.utf8))
            let content = Array("q \(page.width) 0 0 \(page.height) 0 0 cm /Im\(index) Do Q".utf8)
            object(number + 1, Array("<< /Length \(content.count) >>\nstream\n".utf8) + content + Array("\nendstream".utf8))
            object(number + 2, Array("""
                << /Type /XObject /Subtype /Image /Width \(page.width) /Height \(page.height) \
                /ColorSpace /\(page.components == 1 ? "DeviceGray" : "DeviceRGB") /BitsPerComponent 8 /Filter /DCTDecode \
                /Length \(page.jpeg.count) >>
                stream

                """.utf8) + page.jpeg + Array("\nendstream".utf8))
        }
        let xref = out.count
        out += Array("xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets {
            let digits = String(offset)
            out += Array((String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n \n").utf8)
        }
        out += Array("trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return out
    }
}
