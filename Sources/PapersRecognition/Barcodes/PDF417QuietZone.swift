import PapersImaging

/// Gives a PDF417 cut by the card edge its quiet zone back.
///
/// Licence backs often print the symbol across the card's whole width, its start or stop
/// pattern a module or less from the edge (ISO/IEC 15438 asks for two modules of quiet zone).
/// The straightened document reaches a little past the card's outline, and a dark desk there
/// runs into the start bar, so the decoder finds no start pattern. Painting everything beyond
/// the card's found outline in the card's own light level restores a quiet zone the width of
/// the outline's margin.
public enum PDF417QuietZone {
    /// `document` (gray, straightened from a card's outline widened by `margin` of its size on
    /// each side) with the band beyond the card painted in the card's light level: the gray
    /// level nine tenths of the card's pixels lie under.
    public static func restored(_ document: Image, margin: Double) -> Image? {
        let gray = document.channels == 1 ? document : document.grayscale()
        let inset = margin / (1 + 2 * margin)
        let x0 = Int((Double(gray.width) * inset).rounded()), x1 = gray.width - x0
        let y0 = Int((Double(gray.height) * inset).rounded()), y1 = gray.height - y0
        guard x1 - x0 >= 16, y1 - y0 >= 16 else { return nil }
        var histogram = [Int](repeating: 0, count: 256)
        for y in Swift.stride(from: y0, to: y1, by: 2) {
            for x in Swift.stride(from: x0, to: x1, by: 2) { histogram[Int(gray.pixels[y * gray.bytesPerRow + x])] += 1 }
        }
        let total = histogram.reduce(0, +)
        var level = 255, below = 0
        for (value, count) in histogram.enumerated() {
            below += count
            if below * 10 >= total * 9 { level = value; break }
        }
        var pixels = [UInt8](repeating: UInt8(level), count: gray.width * gray.height)
        for y in y0..<y1 {
            for x in x0..<x1 { pixels[y * gray.width + x] = gray.pixels[y * gray.bytesPerRow + x] }
        }
        return Image(width: gray.width, height: gray.height, format: .gray, pixels: pixels)
    }
}
