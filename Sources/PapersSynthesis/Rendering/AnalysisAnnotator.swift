import Foundation
import PapersImaging

/// Draws what the capture analysis saw: the document outline and corners, the glare regions,
/// and a banner with the verdicts — so a person can check the analysis at a glance.
public enum AnalysisAnnotator {
    /// The frame with the analysis drawn on it (RGB).
    public static func annotate(_ frame: Image, analysis: CaptureAnalysis) -> Image {
        var canvas = ImageCanvas(frame)
        let scale = max(2, min(frame.width, frame.height) / 240)
        let good = analysis.confidence >= 0.6
        if let quad = Quadrilateral(corners: analysis.corners) {
            canvas.outline(quad, color: good ? (40, 220, 60) : (250, 170, 20), thickness: scale + 1)
            for (index, corner) in quad.corners.enumerated() {
                canvas.fill(x: Int(corner.x) - 2 * scale, y: Int(corner.y) - 2 * scale, width: 4 * scale, height: 4 * scale,
                            color: index == 0 ? (230, 40, 200) : (40, 120, 250))
            }
        }
        for region in analysis.glareRegions { canvas.outline(region, color: (250, 40, 40), thickness: max(1, scale / 2)) }
        let lines = [
            "\(analysis.documentDetected ? (analysis.documentInFrame ? "DOCUMENT" : "DOCUMENT PARTLY OUT") : "NO DOCUMENT")  CONFIDENCE \(String(format: "%.2f", analysis.confidence))  DISTANCE \(String(format: "%.2f", analysis.distanceConfidence))",
            "SHARPNESS \(String(format: "%.1f", analysis.sharpness))\(analysis.isBlurry ? " BLURRY" : "")  GLARE \(analysis.glareDetected ? String(format: "%.1f%%", analysis.glareFraction * 100) : "NONE")  EXPOSURE \(analysis.exposure.rawValue)",
            analysis.guidance.map(\.rawValue).joined(separator: " "),
        ]
        let bannerHeight = lines.count * 9 * scale + 2 * scale
        canvas.fill(x: 0, y: 0, width: frame.width, height: bannerHeight, color: (0, 0, 0))
        for (row, text) in lines.enumerated() {
            canvas.text(text, x: scale * 2, y: scale + row * 9 * scale, scale: scale, color: good ? (120, 255, 140) : (255, 200, 80))
        }
        return canvas.image
    }
}
