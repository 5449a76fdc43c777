import Foundation
import PapersImaging

/// Draws a flat, upright synthetic document: a tinted background with a security pattern,
/// a portrait box, lines of glyph-like marks and, on cards and passports, an MRZ-like band.
enum DocumentRenderer {
    /// Renders a document whose longer side is `longSide` pixels, with `print` on it when given
    /// (a real MRZ instead of the MRZ-like band; a barcode back instead of the portrait side; a
    /// real face in the portrait box).
    static func render(_ kind: SyntheticDocumentKind, longSide: Int, print: SyntheticPrint? = nil,
                       random: inout SeededRandom) -> FloatCanvas {
        let barcodeBack = print?.barcode != nil
        let ratio = kind.aspectRatio
        let width = ratio >= 1 ? longSide : Int(Double(longSide) * ratio)
        let height = ratio >= 1 ? Int(Double(longSide) / ratio) : longSide
        let base: (Float, Float, Float) = kind == .paper
            ? (Float(random.uniform(236...250)), Float(random.uniform(236...250)), Float(random.uniform(232...248)))
            : (Float(random.uniform(170...240)), Float(random.uniform(170...240)), Float(random.uniform(170...240)))
        var canvas = FloatCanvas(width: width, height: height, fill: base)
        if kind != .paper {
            // A fine guilloche-like pattern.
            let f1 = random.uniform(0.02...0.06), f2 = random.uniform(0.02...0.06), amplitude = Float(random.uniform(4...12))
            for y in 0..<height {
                for x in 0..<width {
                    let v = Float(sin(Double(x) * f1 + 3 * sin(Double(y) * f2)) * cos(Double(y) * f1 * 0.7)) * amplitude
                    let i = (y * width + x) * 3
                    canvas.data[i] += v; canvas.data[i + 1] += v * 0.8; canvas.data[i + 2] += v * 0.6
                }
            }
        }
        let ink: (Float, Float, Float) = (Float(random.uniform(10...60)), Float(random.uniform(10...60)), Float(random.uniform(20...80)))
        var textLeft = Int(Double(width) * 0.06)
        if kind != .paper && !barcodeBack {
            // Portrait box with a head-like ellipse, or the given portrait photo (the colours are
            // drawn either way, so a document keeps the rest of its look with or without one).
            let boxW = Int(Double(width) * 0.27), boxH = Int(Double(height) * 0.55)
            let boxX = Int(Double(width) * 0.05), boxY = Int(Double(height) * 0.15)
            canvas.fillRect(x: boxX, y: boxY, width: boxW, height: boxH,
                            color: (Float(random.uniform(120...200)), Float(random.uniform(130...200)), Float(random.uniform(140...210))))
            let skin: (Float, Float, Float) = (Float(random.uniform(150...230)), Float(random.uniform(110...180)), Float(random.uniform(90...150)))
            let cx = Double(boxX) + Double(boxW) / 2, cy = Double(boxY) + Double(boxH) * 0.42
            let rx = Double(boxW) * 0.3, ry = Double(boxH) * 0.3
            if let portrait = print?.portrait {
                canvas.paste(portrait.printed(width: boxW, height: boxH), x: boxX, y: boxY)
            } else {
                for y in boxY..<(boxY + boxH) {
                    for x in boxX..<(boxX + boxW) {
                        let dx = (Double(x) - cx) / rx, dy = (Double(y) - cy) / ry
                        let shoulders = Double(y) > cy + ry * 1.1 && abs(Double(x) - cx) < rx * (1.6 + (Double(y) - cy - ry) / ry)
                        if dx * dx + dy * dy <= 1 || shoulders {
                            let i = (y * width + x) * 3
                            let c = shoulders && dx * dx + dy * dy > 1 ? (ink.0 + 40, ink.1 + 40, ink.2 + 60) : skin
                            canvas.data[i] = c.0; canvas.data[i + 1] = c.1; canvas.data[i + 2] = c.2
                        }
                    }
                }
            }
            textLeft = boxX + boxW + Int(Double(width) * 0.05)
        }
        // Text lines of glyph-like marks.
        let glyphH = max(4, Int(Double(height) * (kind == .paper ? 0.012 : 0.045)))
        let lineGap = Int(Double(glyphH) * (kind == .paper ? 2.2 : 2.0))
        let textBottom = kind == .paper ? Int(Double(height) * 0.92) : Int(Double(height) * (barcodeBack ? 0.40 : 0.70))
        var y = Int(Double(height) * 0.12)
        while y + glyphH < textBottom {
            var x = textLeft
            let lineEnd = width - Int(Double(width) * random.uniform(0.06...0.35))
            while x < lineEnd {
                let wordLength = Int(random.uniform(2...9))
                for _ in 0..<wordLength where x < lineEnd {
                    let gw = Int(Double(glyphH) * random.uniform(0.45...0.8))
                    drawGlyph(&canvas, x: x, y: y, width: gw, height: glyphH, ink: ink, random: &random)
                    x += gw + max(1, glyphH / 6)
                }
                x += glyphH
            }
            y += lineGap
        }
        if let print, !print.mrzLines.isEmpty {
            printMRZ(print.mrzLines, kind: kind, style: print.mrzStyle, on: &canvas, ink: (ink.0 * 0.5, ink.1 * 0.5, ink.2 * 0.5))
        }
        if let barcode = print?.barcode {
            printBarcode(barcode, on: &canvas)
        }
        if kind != .paper && print?.mrzLines.isEmpty != false && print?.barcode == nil {
            // An MRZ-like band: two rows of uniform monospaced marks along the bottom.
            let mrzH = max(4, Int(Double(height) * 0.055))
            let pitch = Double(width) * 0.88 / 44
            for row in 0..<2 {
                let rowY = Int(Double(height) * 0.78) + row * Int(Double(mrzH) * 1.6)
                for c in 0..<44 where random.chance(0.85) {
                    drawGlyph(&canvas, x: Int(Double(width) * 0.06 + Double(c) * pitch), y: rowY,
                              width: Int(pitch * 0.7), height: mrzH, ink: (20, 20, 25), random: &random)
                }
            }
        }
        return canvas
    }

    /// A glyph-like mark: a few strokes inside its cell.
    static func drawGlyph(_ canvas: inout FloatCanvas, x: Int, y: Int, width: Int, height: Int,
                          ink: (Float, Float, Float), random: inout SeededRandom) {
        let stroke = max(1, height / 7)
        switch Int(random.uniform(0...3.999)) {
        case 0:
            canvas.fillRect(x: x, y: y, width: stroke, height: height, color: ink)
            canvas.fillRect(x: x, y: y, width: width, height: stroke, color: ink)
            canvas.fillRect(x: x, y: y + height - stroke, width: width, height: stroke, color: ink)
        case 1:
            canvas.fillRect(x: x, y: y, width: stroke, height: height, color: ink)
            canvas.fillRect(x: x + width - stroke, y: y, width: stroke, height: height, color: ink)
            canvas.fillRect(x: x, y: y + height / 2, width: width, height: stroke, color: ink)
        case 2:
            canvas.fillRect(x: x + width / 2 - stroke / 2, y: y, width: stroke, height: height, color: ink)
            canvas.fillRect(x: x, y: y, width: width, height: stroke, color: ink)
        default:
            canvas.fillRect(x: x, y: y, width: stroke, height: height, color: ink)
            canvas.fillRect(x: x, y: y + height - stroke, width: width, height: stroke, color: ink)
            canvas.fillRect(x: x + width - stroke, y: y + height / 2, width: stroke, height: height / 2, color: ink)
        }
    }
}
