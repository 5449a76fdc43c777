import Foundation
import PapersImaging

extension Image {
    /// This image, in gray, turned about its centre so that a line running at `degrees` (in
    /// image coordinates, y down: positive slants down to the right) comes out level, on a canvas
    /// just large enough to hold all of it. Canvas corners outside the photo
    /// repeat the nearest edge pixel, so no dark border appears that could look like print.
    func turnedGray(by degrees: Double) -> Image {
        let angle = degrees * .pi / 180
        let c = cos(angle), s = sin(angle)
        let w = Double(width), h = Double(height)
        let outW = Int((w * abs(c) + h * abs(s)).rounded()), outH = Int((w * abs(s) + h * abs(c)).rounded())
        // Canvas point (u, v) shows the photo at centre + R(angle)·((u, v) − canvas centre).
        let corners = [(0.0, 0.0), (Double(outW), 0.0), (Double(outW), Double(outH)), (0.0, Double(outH))].map { u, v in
            let du = u - Double(outW) / 2, dv = v - Double(outH) / 2
            return Point(x: w / 2 + c * du - s * dv, y: h / 2 + s * du + c * dv)
        }
        return warpedGray(from: Quadrilateral(corners: corners)!, width: outW, height: outH)
            ?? Image(width: max(1, outW), height: max(1, outH), format: .gray)
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
