import PapersImaging

/// Plain lines of text printed black on white with FreeType: a clean page for testing a text
/// recogniser.
public enum SyntheticTextImage {
    /// Renders `lines` in the font at `fontPath`, `pixelsPerEm` pixels to the em, one line every
    /// 1.6 ems, with a margin of two ems; a gray image just wide enough for the longest line.
    ///
    /// - Throws: ``IndependentRenderError`` when the font cannot be opened.
    public static func render(_ lines: [String], fontPath: String = PrintFonts.sans, pixelsPerEm: Double = 32)
        throws(IndependentRenderError) -> Image {
        let painter = try PrintedTextPainter(fontPath: fontPath)
        var widest = 0.0
        for line in lines { widest = max(widest, try painter.width(line, pixelsPerEm: pixelsPerEm)) }
        let margin = 2 * pixelsPerEm, leading = 1.6 * pixelsPerEm
        let width = Int((widest + 2 * margin).rounded(.up)), height = Int((Double(lines.count) * leading + 2 * margin).rounded(.up))
        var raster = IndependentRaster(width: width, height: height, channels: 3, value: 255)
        for (index, line) in lines.enumerated() {
            try painter.draw(line, x: margin, baseline: margin + Double(index) * leading + pixelsPerEm, pixelsPerEm: pixelsPerEm,
                             on: &raster, ink: (0, 0, 0))
        }
        return raster.image().grayscale()
    }
}
