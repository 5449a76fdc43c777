import ArgumentParser
import Foundation
import PapersCore
import PapersImaging
import PapersSynthesis

extension ReceiptPhotoSet.Variant: ExpressibleByArgument {}

/// `papers synth --documents receipt|w2|licence-front`: photos of receipts, W-2 forms or licence
/// fronts, each N.jpg with N.json (the truth in the keys of `papers scan --json`), and
/// truth.jsonl listing them.
struct TextDocumentSynth {
    let documents: String
    let count: Int
    let seed: UInt64
    let width: Int
    let height: Int
    let variant: ReceiptPhotoSet.Variant
    let out: String

    /// One line of `truth.jsonl`.
    struct Entry<Truth: Encodable>: Encodable {
        let file: String
        let variant: String
        let truth: Truth
    }

    func run() throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let receipts = ReceiptPhotoSet(width: width, height: height, variant: variant)
        let forms = W2PhotoSet(width: width, height: height, variant: variant)
        let fronts = LicenceFrontPhotoSet(width: width, height: height, variant: variant)
        var manifest = Data()
        let progress = ProgressBar(total: count, label: "synth")
        for index in 0..<count {
            let name = String(format: "%05d", index)
            let image: Image, quality: Int, line: Data
            do {
                if documents == "licence-front" {
                    let photo = try fronts.photo(seed: seed, index: index)
                    (image, quality) = (photo.image, photo.jpegQuality)
                    var truth = try AAMVAParser.parse(photo.licence.payload).documentData
                    truth.extractionMethod = .ocr
                    line = try CLIOutput.encoder(pretty: false).encode(Entry(file: "\(name).jpg", variant: variant.rawValue, truth: truth))
                } else if documents == "receipt" {
                    let photo = try receipts.photo(seed: seed, index: index)
                    (image, quality) = (photo.image, photo.jpegQuality)
                    line = try CLIOutput.encoder(pretty: false).encode(Entry(file: "\(name).jpg", variant: variant.rawValue, truth: photo.truth))
                } else {
                    let photo = try forms.photo(seed: seed, index: index)
                    (image, quality) = (photo.image, photo.jpegQuality)
                    line = try CLIOutput.encoder(pretty: false).encode(Entry(file: "\(name).jpg", variant: variant.rawValue, truth: photo.truth))
                }
            } catch let error as IndependentRenderError {
                throw CLIOutput.fail(error.description, code: 69)
            } catch let error as AAMVAError {
                throw CLIOutput.fail(error.description, code: 70)
            }
            try CLIImages.save(image, to: "\(out)/\(name).jpg", quality: quality)
            try line.write(to: URL(fileURLWithPath: "\(out)/\(name).json"))
            manifest.append(line)
            manifest.append(Data("\n".utf8))
            progress.advance()
        }
        try manifest.write(to: URL(fileURLWithPath: "\(out)/truth.jsonl"))
        progress.finish()
    }
}
