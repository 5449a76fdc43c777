/// Printing real content (OCR-B MRZ lines, a barcode) onto a flat synthetic document.
import PapersImaging
extension DocumentRenderer {
    /// The document's physical width in millimetres (what the MRZ pitch of 2.54 mm is measured against).
    static func physicalWidth(_ kind: SyntheticDocumentKind) -> Double {
        switch kind {
        case .idCard: return 85.6
        case .td2Card: return 105
        case .passportPage: return 125
        case .paper: return 210
        }
    }

    /// Prints MRZ lines at the bottom: 2.54 mm pitch (times the style's ``MRZPrintStyle/pitchScale``),
    /// 4.23 mm line spacing, the last baseline 4 mm above the bottom edge, centred horizontally;
    /// in the style's finish, over its guilloche.
    static func printMRZ(_ lines: [String], kind: SyntheticDocumentKind, style: MRZPrintStyle = .standard,
                         on canvas: inout FloatCanvas, ink: (Float, Float, Float)) {
        guard let length = lines.first?.utf8.count, length > 0 else { return }
        let (pitch, left, lastBaseline, spacing) = mrzGeometry(kind: kind, width: canvas.width, height: canvas.height,
                                                               length: length, pitchScale: style.pitchScale)
        let pitchScale = pitch / Double(OCRBGlyphAtlas.cellWidth), scale = pitchScale * style.glyphScale
        let scaleY = scale * style.heightScale
        // A larger glyph's cell grows about its centre, so the glyph stays centred on its pitch.
        let grown = Double(OCRBGlyphAtlas.cellWidth) * (scale - pitchScale) / 2
        if style.guilloche {
            let top = lastBaseline - spacing * Double(lines.count - 1) - 1.6 * pitch
            RosetteGuilloche(seed: style.textureSeed, pitch: pitch, width: canvas.width, height: canvas.height)
                .draw(on: &canvas, rows: max(0, Int(top))..<min(canvas.height, Int(lastBaseline + 0.8 * pitch)),
                      columns: max(0, Int(left - pitch))..<min(canvas.width, Int(left + pitch * Double(length + 1))))
        }
        let screen = style.finish == .inkjet ? InkjetScreen(seed: style.textureSeed, pitch: pitch) : nil
        // A bleached ring around engraved strokes, some 7% of the pitch wide.
        let haloRadius = 0.07 * Double(OCRBGlyphAtlas.cellWidth) / style.glyphScale
        var glyphs: [UInt8: [UInt8]] = [:], halos: [UInt8: [UInt8]] = [:]
        for (row, line) in lines.enumerated() {
            let baseline = lastBaseline - spacing * Double(lines.count - 1 - row)
            let cellTop = baseline - Double(OCRBGlyphAtlas.baseline) * scaleY
            for (column, byte) in line.utf8.enumerated() {
                if glyphs[byte] == nil { glyphs[byte] = OCRBGlyphAtlas.coverage(of: byte).map(style.spread) }
                guard let glyph = glyphs[byte] else { continue }
                let origin = (left + Double(column) * pitch - grown, cellTop)
                if style.finish == .engraved {
                    if halos[byte] == nil { halos[byte] = MRZPrintStyle.dilate(glyph, radius: haloRadius) }
                    if let halo = halos[byte] {
                        stamp(halo, at: origin, scale: (scale, scaleY), on: &canvas, ink: (250, 250, 246), strength: 0.35)
                    }
                }
                stamp(glyph, at: origin, scale: (scale, scaleY), on: &canvas, ink: ink, strength: Float(style.contrast),
                      screen: screen)
            }
        }
        if let screen {
            screen.scatterDroplets(on: &canvas, ink: ink, rows: max(0, Int(lastBaseline - spacing * Double(lines.count) - pitch))..<min(canvas.height, Int(lastBaseline + pitch)),
                                   columns: max(0, Int(left))..<min(canvas.width, Int(left + pitch * Double(length))))
        }
    }

    /// Where the MRZ goes on a flat document: pitch, left edge, last baseline, line spacing (pixels).
    static func mrzGeometry(kind: SyntheticDocumentKind, width: Int, height: Int, length: Int, pitchScale: Double = 1)
        -> (pitch: Double, left: Double, lastBaseline: Double, spacing: Double) {
        let perMillimetre = Double(width) / physicalWidth(kind)
        let pitch = 2.54 * perMillimetre * pitchScale
        return (pitch, (Double(width) - pitch * Double(length)) / 2, Double(height) - 4.0 * perMillimetre, 4.23 * perMillimetre)
    }

    /// The centre of every MRZ character on a flat document of `width` × `height` pixels.
    static func mrzCellCentres(lineCount: Int, length: Int, kind: SyntheticDocumentKind, width: Int, height: Int,
                               pitchScale: Double = 1) -> [Point] {
        let (pitch, left, lastBaseline, spacing) = mrzGeometry(kind: kind, width: width, height: height, length: length,
                                                               pitchScale: pitchScale)
        var centres: [Point] = []
        for row in 0..<lineCount {
            let y = lastBaseline - spacing * Double(lineCount - 1 - row) - pitch * 0.49
            for column in 0..<length { centres.append(Point(x: left + (Double(column) + 0.5) * pitch, y: y)) }
        }
        return centres
    }

    /// Blends one atlas glyph into the canvas, its cell's top-left at `origin`, scaled by `scale`
    /// (horizontal, vertical), 2×2 supersampled: at `strength` of the way to `ink`, through the
    /// inkjet `screen` when given.
    static func stamp(_ glyph: [UInt8], at origin: (Double, Double), scale: (x: Double, y: Double), on canvas: inout FloatCanvas,
                      ink: (Float, Float, Float), strength: Float = 1, screen: InkjetScreen? = nil) {
        let cw = OCRBGlyphAtlas.cellWidth, ch = OCRBGlyphAtlas.cellHeight
        let x0 = max(0, Int(origin.0)), x1 = min(canvas.width, Int(origin.0 + Double(cw) * scale.x) + 1)
        let y0 = max(0, Int(origin.1)), y1 = min(canvas.height, Int(origin.1 + Double(ch) * scale.y) + 1)
        guard x0 < x1, y0 < y1 else { return }
        func coverage(_ u: Double, _ v: Double) -> Float {
            let fx = u - 0.5, fy = v - 0.5
            let ix = Int(fx.rounded(.down)), iy = Int(fy.rounded(.down))
            let tx = Float(fx - Double(ix)), ty = Float(fy - Double(iy))
            func at(_ x: Int, _ y: Int) -> Float {
                guard x >= 0, y >= 0, x < cw, y < ch else { return 0 }
                return Float(glyph[y * cw + x])
            }
            let top = at(ix, iy) * (1 - tx) + at(ix + 1, iy) * tx
            let bottom = at(ix, iy + 1) * (1 - tx) + at(ix + 1, iy + 1) * tx
            return (top * (1 - ty) + bottom * ty) / 255
        }
        for y in y0..<y1 {
            for x in x0..<x1 {
                var alpha: Float = 0
                for (ox, oy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
                    alpha += coverage((Double(x) + ox - origin.0) / scale.x, (Double(y) + oy - origin.1) / scale.y)
                }
                alpha *= strength / 4
                if let screen { alpha *= screen.coverage(x: x, y: y) }
                guard alpha > 0 else { continue }
                canvas.blend(x: x, y: y, toward: ink, alpha: alpha)
            }
        }
    }

    /// Where a `barcodeWidth` × `barcodeHeight` bitmap is printed on a flat document of `width` ×
    /// `height` pixels: centred, its bottom at 94% of the height, 85% of the width and 42% of the
    /// height at most; `scale` is document pixels per bitmap pixel.
    static func barcodePlacement(barcodeWidth: Int, barcodeHeight: Int, width: Int, height: Int)
        -> (left: Double, top: Double, width: Double, height: Double, scale: Double) {
        let maxWidth = Double(width) * 0.85, maxHeight = Double(height) * 0.42
        let scale = min(maxWidth / Double(barcodeWidth), maxHeight / Double(barcodeHeight))
        let w = Double(barcodeWidth) * scale, h = Double(barcodeHeight) * scale
        return ((Double(width) - w) / 2, Double(height) * 0.94 - h, w, h, scale)
    }

    /// Points spread over the printed barcode (a 32 × 12 grid), on a flat document of `width` × `height` pixels.
    static func barcodeSamplePoints(_ barcode: Image, width: Int, height: Int) -> [Point] {
        let place = barcodePlacement(barcodeWidth: barcode.width, barcodeHeight: barcode.height, width: width, height: height)
        return (0..<12).flatMap { row in
            (0..<32).map { column in
                Point(x: place.left + (Double(column) + 0.5) / 32 * place.width, y: place.top + (Double(row) + 0.5) / 12 * place.height)
            }
        }
    }

    /// Prints a barcode bitmap on a white label in the lower half (see ``barcodePlacement(barcodeWidth:barcodeHeight:width:height:)``).
    static func printBarcode(_ barcode: Image, on canvas: inout FloatCanvas) {
        let gray = barcode.format == .gray ? barcode : barcode.grayscale()
        let (left, top, w, h, scale) = barcodePlacement(barcodeWidth: gray.width, barcodeHeight: gray.height,
                                                        width: canvas.width, height: canvas.height)
        let quiet = 0.03 * Double(canvas.width)
        canvas.fillRect(x: Int(left - quiet), y: Int(top - quiet), width: Int(w + 2 * quiet), height: Int(h + 2 * quiet),
                        color: (246, 246, 244))
        for y in max(0, Int(top))..<min(canvas.height, Int(top + h)) {
            for x in max(0, Int(left))..<min(canvas.width, Int(left + w)) {
                // 4×4 samples per pixel: every module keeps its true width (nearest-neighbour
                // sampling at a fractional scale would make them alternate by a whole pixel).
                var sum: Float = 0
                for sy in 0..<4 {
                    let v = min(gray.height - 1, max(0, Int((Double(y) + (Double(sy) + 0.5) / 4 - top) / scale)))
                    for sx in 0..<4 {
                        let u = min(gray.width - 1, max(0, Int((Double(x) + (Double(sx) + 0.5) / 4 - left) / scale)))
                        sum += Float(gray.pixels[v * gray.bytesPerRow + u])
                    }
                }
                let value = sum / (16 * 255)
                let i = (y * canvas.width + x) * 3
                let shade = 12 + value * (246 - 12)
                canvas.data[i] = shade; canvas.data[i + 1] = shade; canvas.data[i + 2] = shade - value * 2
            }
        }
    }
}
