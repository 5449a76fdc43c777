import Foundation
import PapersImaging

/// A photo shown to the camera as a reproduction, for testing the passive liveness signals: on a
/// screen (its pixel grid and the moiré of photographing it), held up in a frame (a phone's bezel,
/// a print's margin, a card's edge), or under glare off glass.
///
/// Test devices drawn from simple models of each effect; they are not recordings of attacks and
/// a detector tuned on them proves nothing about real ones.
public enum SyntheticPresentation {
    /// `photo` as a camera sees it on a display: every display pixel `pitch` camera pixels wide
    /// (a phone's screen a hand's length from a selfie camera is finer than the camera's pixels)
    /// with red, green and blue stripes and thin dark gaps between pixels, the display turned by
    /// `degrees`; each camera pixel the mean of 4 × 4 samples over its area, so the grid beats
    /// against the camera's into moiré; softened by the lens, and a little darker than the photo.
    public static func onScreen(_ photo: Image, pitch: Double = 0.7, degrees: Double = 3, brightness: Double = 0.9) -> Image {
        let source = photo.rgb()
        var out = Image(width: source.width, height: source.height, format: .rgb)
        let angle = degrees * Double.pi / 180, c = cos(angle), s = sin(angle)
        let cx = Double(source.width) / 2, cy = Double(source.height) / 2
        // The lit share of each subpixel across and of each pixel down.
        let fill = 0.9
        for y in 0..<source.height {
            for x in 0..<source.width {
                var lit = (0.0, 0.0, 0.0)
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let px = Double(x) + (Double(sx) + 0.5) / 4 - cx, py = Double(y) + (Double(sy) + 0.5) / 4 - cy
                        // Display coordinates, in display pixels.
                        let u = (c * px + s * py) / pitch, v = (-s * px + c * py) / pitch
                        let fu = u - u.rounded(.down), fv = v - v.rounded(.down)
                        guard fv < fill else { continue }
                        let stripe = min(2, Int(fu * 3))
                        guard fu * 3 - Double(stripe) < fill else { continue }
                        switch stripe {
                        case 0: lit.0 += 1
                        case 1: lit.1 += 1
                        default: lit.2 += 1
                        }
                    }
                }
                let i = source.offset(x: x, y: y), o = out.offset(x: x, y: y)
                // Each channel lights a third of the display's area, less the gaps.
                let full = 16.0 / 3 * fill * fill
                for (k, share) in [lit.0, lit.1, lit.2].enumerated() {
                    let value = Double(source.pixels[i + k]) * brightness * share / full
                    out.pixels[o + k] = UInt8(max(0, min(255, value.rounded())))
                }
            }
        }
        return softened(out)
    }

    /// The image through a lens that spreads each point over its neighbours: a binomial [1 2 1]
    /// filter across and down (about a Gaussian of 0.7 pixels).
    static func softened(_ image: Image) -> Image {
        var out = image
        let w = image.width, h = image.height
        for pass in 0..<2 {
            let source = out
            for y in 0..<h {
                for x in 0..<w {
                    let a = pass == 0 ? source.offset(x: max(0, x - 1), y: y) : source.offset(x: x, y: max(0, y - 1))
                    let b = source.offset(x: x, y: y)
                    let c = pass == 0 ? source.offset(x: min(w - 1, x + 1), y: y) : source.offset(x: x, y: min(h - 1, y + 1))
                    for k in 0..<3 {
                        let sum = Int(source.pixels[a + k]) + 2 * Int(source.pixels[b + k]) + Int(source.pixels[c + k])
                        out.pixels[b + k] = UInt8((sum + 2) / 4)
                    }
                }
            }
        }
        return out
    }

    /// `photo` shrunk to `share` of the frame and held up inside a border `thickness` (a share of
    /// the frame's shorter side) wide, in `border` colour, over a plain, softly lit `background`.
    public static func inFrame(_ photo: Image, share: Double = 0.7, thickness: Double = 0.04,
                               border: (UInt8, UInt8, UInt8) = (24, 24, 28),
                               background: (UInt8, UInt8, UInt8) = (150, 140, 128)) -> Image {
        let source = photo.rgb()
        let w = source.width, h = source.height
        var out = Image(width: w, height: h, format: .rgb)
        for y in 0..<h {
            let light = 0.85 + 0.15 * Double(y) / Double(h)
            for x in 0..<w {
                let o = out.offset(x: x, y: y)
                out.pixels[o] = UInt8(Double(background.0) * light)
                out.pixels[o + 1] = UInt8(Double(background.1) * light)
                out.pixels[o + 2] = UInt8(Double(background.2) * light)
            }
        }
        let innerW = max(1, Int(Double(w) * share)), innerH = max(1, Int(Double(h) * share))
        let inner = source.resized(width: innerW, height: innerH)
        let edge = max(2, Int(thickness * Double(min(w, h))))
        let x0 = (w - innerW) / 2, y0 = (h - innerH) / 2
        for y in max(0, y0 - edge)..<min(h, y0 + innerH + edge) {
            for x in max(0, x0 - edge)..<min(w, x0 + innerW + edge) {
                let o = out.offset(x: x, y: y)
                if x >= x0, x < x0 + innerW, y >= y0, y < y0 + innerH {
                    let i = inner.offset(x: x - x0, y: y - y0)
                    out.pixels[o] = inner.pixels[i]; out.pixels[o + 1] = inner.pixels[i + 1]; out.pixels[o + 2] = inner.pixels[i + 2]
                } else {
                    out.pixels[o] = border.0; out.pixels[o + 1] = border.1; out.pixels[o + 2] = border.2
                }
            }
        }
        return out
    }

    /// `photo` with a glare spot centred at `centre`: light added with a Gaussian fall-off of
    /// `radius`, `strength` levels at its centre, clipped at white as a camera clips it.
    public static func withGlare(_ photo: Image, centre: Point, radius: Double, strength: Double = 400) -> Image {
        var out = photo.rgb()
        let reach = Int(3 * radius)
        for y in max(0, Int(centre.y) - reach)..<min(out.height, Int(centre.y) + reach) {
            for x in max(0, Int(centre.x) - reach)..<min(out.width, Int(centre.x) + reach) {
                let d2 = (Double(x) - centre.x) * (Double(x) - centre.x) + (Double(y) - centre.y) * (Double(y) - centre.y)
                let add = strength * exp(-d2 / (2 * radius * radius))
                let o = out.offset(x: x, y: y)
                for k in 0..<3 { out.pixels[o + k] = UInt8(min(255, (Double(out.pixels[o + k]) + add).rounded())) }
            }
        }
        return out
    }
}
