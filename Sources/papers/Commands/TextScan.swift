import ArgumentParser
import Foundation
import PapersImaging
import PapersRecognition
import PapersTextTesseract

/// What `papers scan --type` reads.
enum ScanType: String, ExpressibleByArgument, CaseIterable {
    case id, receipt, w2, auto
}

/// `papers scan --type receipt|w2|auto`: each photo read as a receipt or a W-2 with Tesseract.
struct TextScan {
    let type: ScanType
    let images: [String]
    let json: Bool
    let ocrText: Bool
    /// The photos are pages of one document.
    var pages = false

    /// Reads every photo. With `auto`, a photo the ID scanner reads is an ID document (printed by
    /// `emitID`); any other is read as a W-2 or a receipt. One document: pretty JSON; several:
    /// one JSON line each. Exits 65 with one line on stderr when nothing is readable.
    func run(idScanner: DocumentScanner?, emitID: (DocumentScan) throws -> Void) throws {
        let reader = TextDocumentReader(recognizer: TesseractTextRecognizer())
        let kind: TextDocumentReader.Kind? = switch type {
        case .receipt: .receipt
        case .w2: .w2
        default: nil
        }
        if pages, !ocrText {
            let photos = try images.map { try CLIImages.load($0) }
            let document: TextDocumentReader.Document
            do {
                document = try reader.read(pages: photos, as: kind)
            } catch {
                throw CLIOutput.fail(error.description, code: error.code == .languageDataMissing || error.code == .nativeFailure ? 70 : 65)
            }
            try print(document, file: nil)
            return
        }
        var failures: [String] = []
        for path in images {
            let photo = try CLIImages.load(path)
            if let idScanner, let scan = try? idScanner.scan([photo]), scan.sideMismatch.isEmpty {
                try emitID(scan)
                continue
            }
            if ocrText {
                do {
                    let text = try reader.text(of: photo, as: kind).text
                    Swift.print(text.lines.map { line in
                        line.words.map { "\($0.text)[\(Int(($0.confidence * 100).rounded()))]" }.joined(separator: " ")
                    }.joined(separator: "\n"))
                } catch {
                    throw CLIOutput.fail(error.description, code: 70)
                }
                continue
            }
            let document: TextDocumentReader.Document
            do {
                document = try reader.read(photo, as: kind)
            } catch {
                if error.code == .languageDataMissing || error.code == .nativeFailure { throw CLIOutput.fail(error.description, code: 70) }
                failures.append(error.description)
                continue
            }
            try print(document, file: images.count > 1 ? path : nil)
        }
        if failures.count == images.count {
            throw CLIOutput.fail(images.count == 1 ? failures[0] : "nothing readable in any of the \(images.count) images", code: 65)
        }
        if !failures.isEmpty { throw CLIOutput.fail("\(failures.count) of \(images.count) images could not be read", code: 3) }
    }

    private func print(_ document: TextDocumentReader.Document, file: String?) throws {
        let compact = file != nil
        switch document {
        case .receipt(let receipt):
            if json || compact { try CLIOutput.printJSON(receipt, pretty: !compact) }
            else { Swift.print(Self.summary(receipt).joined(separator: "\n")) }
        case .w2(let form):
            if json || compact { try CLIOutput.printJSON(form, pretty: !compact) }
            else { Swift.print(Self.summary(form).joined(separator: "\n")) }
        }
    }

    static func summary(_ receipt: Receipt) -> [String] {
        func row(_ name: String, _ value: String?) -> String? {
            value.map { name.padding(toLength: 12, withPad: " ", startingAt: 0) + " " + $0 }
        }
        return [row("vendor", receipt.vendorName?.value), row("date", receipt.date?.value.veryfiText),
                row("currency", receipt.currency?.value.code), row("subtotal", receipt.subtotal.map { "\($0.value)" }),
                row("tax", receipt.tax.map { "\($0.value)" }), row("tip", receipt.tip.map { "\($0.value)" }),
                row("total", receipt.total.map { "\($0.value)" }), row("items", "\(receipt.lineItems.count)"),
                row("payment", receipt.payment.map { $0.type + ($0.lastFour.map { " ending \($0)" } ?? "") }),
                row("category", receipt.category?.value),
                row("adds up", receipt.consistency.totalsAgree.map { $0 ? "yes" : "NO" })].compactMap { $0 }
    }

    static func summary(_ form: W2Form) -> [String] {
        W2Box.allCases.compactMap { box in
            form.boxes[box].map { field -> String in
                let value: String = switch field.value {
                case .text(let text): text.replacingOccurrences(of: "\n", with: ", ")
                case .amount(let amount): "\(amount)"
                }
                return box.rawValue.padding(toLength: 24, withPad: " ", startingAt: 0) + " " + value
            }
        } + form.states.map { "state".padding(toLength: 24, withPad: " ", startingAt: 0) + " " + ($0.state?.value ?? "?") }
    }
}
