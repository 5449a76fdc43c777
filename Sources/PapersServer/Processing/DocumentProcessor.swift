import Foundation
import PapersImaging
import PapersImagingCodecs
import PapersRecognition
import PapersVerification

/// Processes a receipt or tax form: decodes and analyses every page, then reads the pages as one
/// document (``TextDocumentReader/read(pages:as:)``) when a text recogniser is available.
struct DocumentProcessor: Sendable {
    let analyzer = CaptureAnalyzer()
    /// What a page may claim before it is decoded.
    var limits = DecodingLimits()
    /// The text recognisers; `nil`: fields are not read (`TEXT_RECOGNITION_NOT_AVAILABLE`).
    var recognizers: TextRecognizerPool?

    /// The pages' analysis and the fields read from them, as `kind`.
    ///
    /// - Throws: a decoding error when a page is not an image within ``limits``.
    func process(_ pageImages: [Data], kind: DocumentKind) throws -> DocumentResult {
        var pages: [DocumentResult.Page] = []
        var photos: [Image] = []
        for bytes in pageImages {
            let image = try ImageCodecs.decode([UInt8](bytes), format: .rgb, limits: limits)
            let analysis = analyzer.analyze(image).analysis
            pages.append(.init(width: image.width, height: image.height, documentDetected: analysis.documentDetected,
                               confidence: analysis.confidence, isBlurry: analysis.isBlurry))
            photos.append(image)
        }
        return DocumentResult(pages: pages, extraction: extract(photos, kind: kind))
    }

    /// The fields of the pages as one document, or why there are none.
    func extract(_ photos: [Image], kind: DocumentKind) -> DocumentExtraction {
        guard let recognizers else {
            return DocumentExtraction(failure: .init(code: "TEXT_RECOGNITION_NOT_AVAILABLE",
                                                     message: "this server has no text recogniser (install Tesseract and its English data)"))
        }
        let asked: TextDocumentReader.Kind? = switch kind {
        case .receipt: .receipt
        case .w2: .w2
        case .auto: nil
        }
        return recognizers.withRecognizer { recognizer in
            let reader = TextDocumentReader(recognizer: recognizer)
            let resolved: TextDocumentReader.Kind, text: RecognizedText
            do throws(RecognitionError) {
                (resolved, text) = try reader.recognize(pages: photos, as: asked)
            } catch {
                return Self.failure(error, resolvedType: nil)
            }
            let resolvedKind: DocumentKind = resolved == .w2 ? .w2 : .receipt
            do {
                let document = try reader.extract(from: text, as: resolved)
                return DocumentExtraction(resolvedType: resolvedKind, document: try JSONValue(encoding: document))
            } catch let error as RecognitionError {
                return Self.failure(error, resolvedType: resolvedKind)
            } catch {
                return DocumentExtraction(failure: .init(code: "TEXT_RECOGNITION_FAILED", message: "the document's fields could not be encoded"),
                                          resolvedType: resolvedKind)
            }
        }
    }

    /// A recognition error as an extraction failure: its code mapped, its message kept (it never
    /// holds the page's text).
    static func failure(_ error: RecognitionError, resolvedType: DocumentKind?) -> DocumentExtraction {
        let code = switch error.code {
        case .noText: "NO_TEXT"
        case .languageDataMissing: "TEXT_RECOGNITION_NOT_AVAILABLE"
        default: "TEXT_RECOGNITION_FAILED"
        }
        return DocumentExtraction(failure: .init(code: code, message: error.description), resolvedType: resolvedType)
    }
}
