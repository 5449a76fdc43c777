import CFreeType
import Foundation
import PapersImaging

/// A font file opened with FreeType: the one place that sees FreeType's pointers.
///
/// Glyphs are rasterised unhinted from their outlines, rotated, shifted by a sub-pixel offset
/// and emboldened (or thinned) by FreeType itself, so every pixel the independent renderer
/// draws comes from this rasteriser. Not shareable between tasks: open one per photo.
final class FreeTypeFont {
    /// The font file.
    let path: String
    /// Height of the capital H over the em (OCR-B: about 0.71).
    let capHeightPerEm: Double
    /// Horizontal advance of H over the em (OCR-B, a monospaced face: about 0.72).
    let advancePerEm: Double

    private let library: FT_Library
    private let face: FT_Face

    /// FreeType load flags: no hinting (the outline as designed), never an embedded bitmap.
    private static let loadOutline = Int32(1 << 1 | 1 << 3)
    /// FreeType load flag: font units, untransformed.
    private static let loadNoScale = Int32(1 << 0)

    /// Opens a font file.
    /// - Throws: ``IndependentRenderError`` `.fontNotFound` when there is no file at `path`,
    ///   `.fontUnreadable` when FreeType cannot read it as a font.
    init(path: String) throws(IndependentRenderError) {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else {
            throw IndependentRenderError(code: .fontNotFound, fontPath: path)
        }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw IndependentRenderError(code: .rasterizerFailed, fontPath: path)
        }
        var face: FT_Face?
        guard FT_New_Face(library, path, 0, &face) == 0, let face, face.pointee.units_per_EM > 0 else {
            FT_Done_FreeType(library)
            throw IndependentRenderError(code: .fontUnreadable, fontPath: path)
        }
        let unitsPerEm = Double(face.pointee.units_per_EM)
        guard FT_Load_Char(face, FT_ULong(UInt8(ascii: "H")), Self.loadNoScale) == 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw IndependentRenderError(code: .glyphMissing, fontPath: path, character: UInt8(ascii: "H"))
        }
        let metrics = face.pointee.glyph.pointee.metrics
        self.library = library
        self.face = face
        capHeightPerEm = Double(metrics.height) / unitsPerEm
        advancePerEm = Double(metrics.horiAdvance) / unitsPerEm
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Rasterises `character` with its pen origin (on the baseline) at `origin` in canvas pixels
    /// (y downwards), the baseline turned `angle` radians clockwise, the em `pixelsPerEm` pixels,
    /// each stroke widened by `embolden` pixels in all (negative thins it).
    func glyph(_ character: UInt8, pixelsPerEm: Double, origin: Point, angle: Double, embolden: Double)
        throws(IndependentRenderError) -> FreeTypeGlyph {
        try glyph(scalar: UInt32(character), pixelsPerEm: pixelsPerEm, origin: origin, angle: angle, embolden: embolden)
    }

    /// Rasterises the Unicode scalar `scalar` as ``glyph(_:pixelsPerEm:origin:angle:embolden:)`` does.
    func glyph(scalar: UInt32, pixelsPerEm: Double, origin: Point, angle: Double, embolden: Double)
        throws(IndependentRenderError) -> FreeTypeGlyph {
        let character = UInt8(truncatingIfNeeded: scalar < 128 ? scalar : UInt32(UInt8(ascii: "?")))
        guard FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelsPerEm * 64).rounded()), 72, 72) == 0 else {
            throw IndependentRenderError(code: .rasterizerFailed, fontPath: path)
        }
        let ix = origin.x.rounded(.down), iy = origin.y.rounded(.down)
        // FreeType's y axis points up: a clockwise turn on the canvas is counter-clockwise there.
        let c = cos(angle), s = sin(angle)
        var matrix = FT_Matrix(xx: FT_Fixed((c * 65536).rounded()), xy: FT_Fixed((s * 65536).rounded()),
                               yx: FT_Fixed((-s * 65536).rounded()), yy: FT_Fixed((c * 65536).rounded()))
        var delta = FT_Vector(x: FT_Pos(((origin.x - ix) * 64).rounded()), y: FT_Pos((-(origin.y - iy) * 64).rounded()))
        FT_Set_Transform(face, &matrix, &delta)
        defer { FT_Set_Transform(face, nil, nil) }
        guard FT_Get_Char_Index(face, FT_ULong(scalar)) != 0 else {
            throw IndependentRenderError(code: .glyphMissing, fontPath: path, character: character)
        }
        guard FT_Load_Char(face, FT_ULong(scalar), Self.loadOutline) == 0 else {
            throw IndependentRenderError(code: .rasterizerFailed, fontPath: path)
        }
        let slot = face.pointee.glyph!
        if embolden != 0 {
            guard FT_Outline_Embolden(&slot.pointee.outline, FT_Pos((embolden * 64).rounded())) == 0 else {
                throw IndependentRenderError(code: .rasterizerFailed, fontPath: path)
            }
        }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else {
            throw IndependentRenderError(code: .rasterizerFailed, fontPath: path)
        }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * height)
        if let buffer = bitmap.buffer, width > 0, height > 0 {
            // A negative pitch means the rows are stored bottom-up from `buffer`.
            for row in 0..<height {
                let source = pitch >= 0 ? buffer + row * pitch : buffer + (height - 1 - row) * (-pitch)
                for column in 0..<width { coverage[row * width + column] = source[column] }
            }
        }
        return FreeTypeGlyph(left: Int(ix) + Int(slot.pointee.bitmap_left), top: Int(iy) - Int(slot.pointee.bitmap_top),
                             width: width, height: height, coverage: coverage,
                             advance: Double(slot.pointee.linearHoriAdvance) / 65536)
    }
}
