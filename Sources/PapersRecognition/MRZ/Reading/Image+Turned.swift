import Foundation
import PapersImaging

extension Image {
    /// This image, in gray, turned about its centre so that a line running at `degrees` (in
    /// image coordinates, y down: positive slants down to the right) comes out level, on a canvas
    /// just large enough to hold all of it. Canvas corners outside the photo
    /// repeat the nearest edge pixel, so no dark border appears that could look like print.
    func turnedGray(by degrees: Double) -> Image {
        let gray = (format == .gray ? self : grayscale()).packed
        let angle = degrees * .pi / 180
        let c = cos(angle), s = sin(angle)
        let w = Double(gray.width), h = Double(gray.height)
        let outW = Int((w * abs(c) + h * abs(s)).rounded()), outH = Int((w * abs(s) + h * abs(c)).rounded())
        var out = Image(width: outW, height: outH, format: .gray)
        let maxX = Float(gray.width - 1), maxY = Float(gray.height - 1), stride = gray.width
        // Output pixel (u, v) samples the input at centre + R(angle)·((u, v) − outCentre).
        let ocx = Float(outW) / 2, ocy = Float(outH) / 2, icx = Float(w) / 2, icy = Float(h) / 2
        let fc = Float(c), fs = Float(s)
        gray.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for v in 0..<outH {
                    let dy = Float(v) + 0.5 - ocy
                    for u in 0..<outW {
                        let dx = Float(u) + 0.5 - ocx
                        let x = max(0, min(maxX, icx + fc * dx - fs * dy - 0.5))
                        let y = max(0, min(maxY, icy + fs * dx + fc * dy - 0.5))
                        let ix = min(stride - 2, Int(x)), iy = min(gray.height - 2, Int(y))
                        let tx = x - Float(ix), ty = y - Float(iy)
                        let i = iy * stride + ix
                        let top = Float(src[i]) + (Float(src[i + 1]) - Float(src[i])) * tx
                        let bottom = Float(src[i + stride]) + (Float(src[i + stride + 1]) - Float(src[i + stride])) * tx
                        dst[v * outW + u] = UInt8(top + (bottom - top) * ty + 0.5)
                    }
                }
            }
        }
        return out
    }

    /// Where this image's own pixels lie on the canvas of ``turnedGray(by:)`` (the rest repeats
    /// edge pixels): characters there are real, characters outside are cut off by the photo's edge.
    func turnedPicture(by degrees: Double) -> Quadrilateral {
        let angle = degrees * .pi / 180
        let c = cos(angle), s = sin(angle)
        let w = Double(width), h = Double(height)
        let outW = (w * abs(c) + h * abs(s)).rounded(), outH = (w * abs(s) + h * abs(c)).rounded()
        // The inverse of the sampling map: canvas = outCentre + R(−angle)·(input − inCentre).
        let corners = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)].map { p in
            let dx = p.x - w / 2, dy = p.y - h / 2
            return Point(x: outW / 2 + c * dx + s * dy, y: outH / 2 - s * dx + c * dy)
        }
        return Quadrilateral(corners: corners)!
    }
}
