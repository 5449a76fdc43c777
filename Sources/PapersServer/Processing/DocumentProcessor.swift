import Foundation
import PapersImaging
import PapersImagingCodecs
import PapersVerification

/// Processes a receipt or tax form: decodes and analyses every page. Receipt and W-2 fields are
/// not extracted.
struct DocumentProcessor: Sendable {
    let analyzer = CaptureAnalyzer()
    /// What a page may claim before it is decoded.
    var limits = DecodingLimits()

    func process(_ pageImages: [Data]) throws -> DocumentResult {
        var pages: [DocumentResult.Page] = []
        for bytes in pageImages {
            let image = try ImageCodecs.decode([UInt8](bytes), format: .rgb, limits: limits)
            let analysis = analyzer.analyze(image).analysis
            pages.append(.init(width: image.width, height: image.height, documentDetected: analysis.documentDetected,
                               confidence: analysis.confidence, isBlurry: analysis.isBlurry))
        }
        return DocumentResult(pages: pages)
    }
}
