import Foundation
import PapersImaging

extension Image {
    /// This image, in gray, turned about its centre so that a line running at `degrees` (in
    /// image coordinates, y down: positive slants down to the right) comes out level, on a canvas
    /// just large enough to hold all of it. Canvas corners outside the photo
    /// repeat the nearest edge pixel, so no dark border appears that could look like print.
    func turnedGray(by degrees: Double) -> Image {
        let canvas = turnedCanvas(by: degrees)
        let (c, s, w, h) = (canvas.cos, canvas.sin, Double(width), Double(height))
        let outW = Double(canvas.width), outH = Double(canvas.height)
        // Canvas point (u, v) shows the photo at centre + R(angle)·((u, v) − canvas centre).
        let corners = [(0.0, 0.0), (outW, 0.0), (outW, outH), (0.0, outH)].map { u, v in
            let du = u - outW / 2, dv = v - outH / 2
            return Point(x: w / 2 + c * du - s * dv, y: h / 2 + s * du + c * dv)
        }
        return warpedGray(from: Quadrilateral(corners: corners)!, width: canvas.width, height: canvas.height)
            ?? Image(width: max(1, canvas.width), height: max(1, canvas.height), format: .gray)
    }

    /// The canvas of ``turnedGray(by:)``: just large enough to hold the turned image, with the
    /// cosine and sine of the turn.
    private func turnedCanvas(by degrees: Double) -> (width: Int, height: Int, cos: Double, sin: Double) {
        let angle = degrees * .pi / 180
        let c = cos(angle), s = sin(angle)
        let w = Double(width), h = Double(height)
        return (Int((w * abs(c) + h * abs(s)).rounded()), Int((w * abs(s) + h * abs(c)).rounded()), c, s)
    }

    /// Where this image's own pixels lie on the canvas of ``turnedGray(by:)`` (the rest repeats
    /// edge pixels): characters there are real, characters outside are cut off by the photo's edge.
    func turnedPicture(by degrees: Double) -> Quadrilateral {
        let canvas = turnedCanvas(by: degrees)
        let (c, s, w, h) = (canvas.cos, canvas.sin, Double(width), Double(height))
        let outW = Double(canvas.width), outH = Double(canvas.height)
        // The inverse of the sampling map: canvas = outCentre + R(−angle)·(input − inCentre).
        let corners = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)].map { p in
            let dx = p.x - w / 2, dy = p.y - h / 2
            return Point(x: outW / 2 + c * dx + s * dy, y: outH / 2 - s * dx + c * dy)
        }
        return Quadrilateral(corners: corners)!
    }
}
