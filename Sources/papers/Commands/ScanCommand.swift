import ArgumentParser
import Foundation
import PapersCore
import PapersImaging
import PapersImagingCodecs
import PapersBarcodesZXing
import PapersFacesDlib
import PapersRecognition
import PapersTextTesseract

/// `papers scan`: read documents from photos.
struct ScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Read a passport, ID card, visa or driving licence (MRZ, PDF417, QR), a receipt or a Form W-2 from photos.",
        discussion: """
        IMAGE... are photos of one document (front, back); they are merged into one document. A \
        directory argument scans every JPEG and PNG in it as a document of its own: one JSON \
        document per line on stdout, a progress bar on stderr. Exits non-zero with a one-line \
        reason when nothing readable is found. --type receipt or w2 reads each photo as that \
        document with text OCR (JSON in Veryfi's keys); --type auto tells an ID document from a \
        receipt from a W-2. With --pages the photos are read as pages (or overlapping pieces) of \
        one receipt or form: one document, the lines two photos share counted once.
        """
    )

    @Flag(name: .long, help: "Print JSON (the document's fields at the top level, the reading's details under \"scan\").")
    var json = false

    @Flag(name: .long, help: "With --type receipt, w2 or auto: print the text read from each prepared page instead of the document.")
    var ocrText = false

    @Flag(name: .long, help: "With --type receipt, w2 or auto: the photos are pages or overlapping pieces of one document (a long receipt photographed in parts), read as one.")
    var pages = false

    @Option(name: .long, help: "What the photos show: 'id' (passports, ID cards, visas, licences; the default), 'receipt', 'w2', or 'auto'.")
    var type: ScanType = .id

    @Argument(help: "Photos of one document, or directories of photos (each photo then a document of its own).")
    var images: [String]

    func run() async throws {
        guard !images.isEmpty else { throw CLIOutput.fail("give at least one image", code: 64) }
        if type != .id {
            try TextScan(type: type, images: images, json: json, ocrText: ocrText, pages: pages).run(idScanner: type == .auto ? try Self.scanner() : nil) { scan in
                try emit(scan, file: nil)
            }
            return
        }
        guard !pages else { throw CLIOutput.fail("--pages needs --type receipt, w2 or auto", code: 64) }
        let scanner = try Self.scanner()
        if images.contains(where: Self.isDirectory) {
            try scanBatch(scanner: scanner)
            return
        }
        let frames = try images.map { try CLIImages.load($0) }
        do {
            let scan = try scanner.scan(frames)
            // Photos of two documents (or two people) are reported, not blended into one.
            guard scan.sideMismatch.isEmpty else {
                throw CLIOutput.fail("the photos are not of one document: the MRZ and the licence barcode disagree on \(scan.sideMismatch.joined(separator: ", "))", code: 65)
            }
            try emit(scan, file: nil)
        } catch let error as RecognitionError {
            throw CLIOutput.fail(error.description, code: 65)
        }
    }

    /// The scanner with every recogniser this build has (barcodes and faces can be left out).
    /// The scanner of every command that reads ID documents. With `text`, a side with neither
    /// MRZ nor licence barcode (a licence front) is read with Tesseract.
    static func scanner(barcodes: Bool = true, faces: Bool = true, text: Bool = true) throws -> DocumentScanner {
        do {
            var scanner = DocumentScanner(mrzReader: try MRZReader.bundled(),
                                          barcodeReader: barcodes ? ZXingBarcodeReader() : nil,
                                          faceDetector: faces ? DlibFaceDetector() : nil)
            if text { scanner.textRecognizer = TesseractTextRecognizer() }
            return scanner
        } catch {
            throw CLIOutput.fail(error.description, code: 70)
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The photos a batch scans: every JPEG and PNG of each directory (sorted by name), and each file
    /// named on its own.
    func batchFiles() throws -> [(path: String, name: String)] {
        var files: [(path: String, name: String)] = []
        for argument in images {
            guard Self.isDirectory(argument) else {
                files.append((argument, argument))
                continue
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: argument)
                    .filter { ["jpg", "jpeg", "png"].contains(($0 as NSString).pathExtension.lowercased()) }
                    .sorted()
            } catch {
                throw CLIOutput.fail("cannot list \(argument): not readable", code: 66)
            }
            // With several arguments, each line names its photo with the directory it came from.
            files += names.map { name in
                let path = (argument as NSString).appendingPathComponent(name)
                return (path, images.count > 1 ? path : name)
            }
        }
        return files
    }

    /// Scans each photo as a document of its own: one JSON line per photo on stdout (an error
    /// object for a photo that cannot be decoded or read), a progress bar on stderr. Exits 0 when
    /// every photo was read, 65 when none was, 3 when some were not.
    func scanBatch(scanner: DocumentScanner) throws {
        let files = try batchFiles()
        guard !files.isEmpty else { throw CLIOutput.fail("no JPEG or PNG files in \(images.joined(separator: ", "))", code: 66) }
        let progress = ProgressBar(total: files.count, label: "scan")
        var failures = 0
        for file in files {
            do {
                let scan = try scanner.scan([try CLIImages.decode(file.path)])
                try emit(scan, file: file.name, compact: true)
            } catch let error as RecognitionError {
                failures += 1
                try CLIOutput.printJSON(ScanFailure(file: file.name, error: error.code.rawValue, reason: error.description), pretty: false)
            } catch let error as CLIImageError {
                failures += 1
                try CLIOutput.printJSON(ScanFailure(file: file.name, error: error.code, reason: error.message), pretty: false)
            }
            progress.advance()
        }
        progress.finish()
        if failures == files.count { throw CLIOutput.fail("nothing readable in any of the \(files.count) images", code: 65) }
        if failures > 0 { throw CLIOutput.fail("\(failures) of \(files.count) images could not be read", code: 3) }
    }

    func emit(_ scan: DocumentScan, file: String?, compact: Bool = false) throws {
        let output = ScanOutput(scan: scan, file: file)
        if json || compact {
            try CLIOutput.printJSON(output, pretty: !compact)
        } else {
            print(DocumentSummary.lines(scan.document).joined(separator: "\n"))
            if !scan.printedMismatch.isEmpty {
                print("printed front".padding(toLength: 16, withPad: " ", startingAt: 0) + " DISAGREES with the barcode or MRZ on "
                      + scan.printedMismatch.joined(separator: ", ") + " (not merged)")
            }
            for (index, side) in scan.sides.enumerated() {
                if let mrz = side.mrz {
                    print("side \(index + 1) MRZ".padding(toLength: 16, withPad: " ", startingAt: 0) + " " + (mrz.isVerified ? "verified" : "NOT verified (failed: \(mrz.failedChecks.joined(separator: ", ")), uncertain characters: \(mrz.uncertainPositions.count))"))
                    for line in mrz.lines { print(String(repeating: " ", count: 17) + line) }
                } else if let error = side.mrzError, error.code == .mrzUnreadable {
                    print("side \(index + 1) MRZ".padding(toLength: 16, withPad: " ", startingAt: 0) + " unreadable: \(error.detail ?? "")")
                }
                for barcode in side.barcodes {
                    print("side \(index + 1) barcode".padding(toLength: 16, withPad: " ", startingAt: 0) + " \(barcode.symbology.rawValue), \(barcode.bytes.count) bytes")
                }
                for qr in side.qrCodes where qr.kind == .mdocDeviceEngagement {
                    print("side \(index + 1) QR".padding(toLength: 16, withPad: " ", startingAt: 0) + " ISO 18013-5 device engagement (\(qr.deviceEngagement?.count ?? 0) CBOR bytes)")
                }
                if let face = side.face {
                    print("side \(index + 1) portrait".padding(toLength: 16, withPad: " ", startingAt: 0) + " face \(Int(face.width))×\(Int(face.height)) px")
                }
            }
        }
    }
}

