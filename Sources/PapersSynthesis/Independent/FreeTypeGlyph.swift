/// One glyph rasterised by FreeType and placed on a canvas: an 8-bit coverage bitmap and where
/// its top-left pixel lands.
struct FreeTypeGlyph: Sendable, Hashable {
    /// Canvas column of the bitmap's first column.
    let left: Int
    /// Canvas row of the bitmap's first row.
    let top: Int
    /// Bitmap width in pixels.
    let width: Int
    /// Bitmap height in pixels.
    let height: Int
    /// Coverage, 0 (none) to 255 (full), row by row.
    let coverage: [UInt8]
    /// How far the pen moves along the baseline after this glyph, in pixels (unhinted).
    var advance: Double = 0
}
