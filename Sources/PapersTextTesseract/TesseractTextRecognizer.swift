import CTesseractShim
import Foundation
import PapersImaging
import PapersRecognition

/// Reads printed text with Tesseract 5's LSTM engine (the one file that touches its C API).
///
/// The engine starts on the first call (loading the language model takes a few tenths of a
/// second) and is reused by later calls on the same recogniser, one page at a time. Tesseract
/// runs on one thread: libtesseract's OpenMP parallel loops make it several times slower on a
/// machine of two shared cores, so the OpenMP runtime is limited to one thread before the engine
/// starts.
public struct TesseractTextRecognizer: TextRecognizer {
    /// Where the language data comes from and how pages are read.
    public struct Configuration: Sendable, Hashable {
        /// The tessdata folder; `nil` looks in `TESSDATA_PREFIX` and then the usual install
        /// folders (``defaultDataFolders``). Default `nil`.
        public var dataPath: String?
        /// Tesseract language codes, joined by `+` (e.g. `eng`, `eng+deu`). Default `eng`.
        public var language = "eng"
        /// The resolution Tesseract assumes, in pixels per inch (70 to 2400). Default 300.
        public var pixelsPerInch = 300

        /// The defaults.
        public init() {}
    }

    /// The tessdata folders searched when ``Configuration/dataPath`` is `nil`: Debian's
    /// `tesseract-ocr-eng` (Tesseract 5 and 4), then Homebrew's and a source install's.
    public static let defaultDataFolders = [
        "/usr/share/tesseract-ocr/5/tessdata",
        "/usr/share/tesseract-ocr/4.00/tessdata",
        "/usr/share/tessdata",
        "/opt/homebrew/share/tessdata",
        "/usr/local/share/tessdata",
    ]

    /// The configuration.
    public let configuration: Configuration
    private let engine: Engine

    /// Creates a recogniser; the engine starts on the first call.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        engine = Engine()
    }

    /// Tesseract's version, e.g. `5.3.0`.
    public static var version: String { String(cString: papers_tess_version()) }

    /// The tessdata folder that holds every language of `configuration`.
    ///
    /// - Throws: ``RecognitionError/Code/languageDataMissing`` when no folder does.
    public static func dataFolder(for configuration: Configuration) throws(RecognitionError) -> String {
        let languages = configuration.language.split(separator: "+").map(String.init)
        guard !languages.isEmpty, languages.allSatisfy({ !$0.isEmpty && !$0.contains("/") }) else {
            throw RecognitionError(code: .invalidInput, detail: "the Tesseract language code is not valid")
        }
        var folders: [String]
        if let path = configuration.dataPath {
            folders = [path]
        } else {
            folders = defaultDataFolders
            if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty {
                folders.insert(prefix, at: 0)
                folders.insert((prefix as NSString).appendingPathComponent("tessdata"), at: 1)
            }
        }
        for folder in folders where languages.allSatisfy({
            FileManager.default.isReadableFile(atPath: (folder as NSString).appendingPathComponent("\($0).traineddata"))
        }) {
            return folder
        }
        let names = languages.map { "\($0).traineddata" }.joined(separator: ", ")
        let where_ = configuration.dataPath ?? "TESSDATA_PREFIX or the usual tessdata folders"
        throw RecognitionError(code: .languageDataMissing,
                               detail: "\(names) not found in \(where_) (Debian: apt-get install \(languages.map { "tesseract-ocr-\($0)" }.joined(separator: " ")))")
    }

    /// The words and lines of the page in `image`.
    ///
    /// - Throws: ``RecognitionError/Code/languageDataMissing`` when the language data is not
    ///   installed, ``RecognitionError/Code/invalidInput`` for an empty image or a resolution out
    ///   of range, ``RecognitionError/Code/nativeFailure`` when Tesseract fails.
    public func recognize(_ image: Image, layout: TextLayout) throws(RecognitionError) -> RecognizedText {
        guard image.width > 0, image.height > 0 else {
            throw RecognitionError(code: .invalidInput, detail: "the image is empty")
        }
        guard (70...2400).contains(configuration.pixelsPerInch) else {
            throw RecognitionError(code: .invalidInput, detail: "pixelsPerInch must be 70 to 2400")
        }
        return try engine.withHandle(configuration) { handle throws(RecognitionError) in
            try Self.read(image, layout: layout, pixelsPerInch: configuration.pixelsPerInch, handle: handle)
        }
    }

    /// Tesseract's page segmentation mode for a layout.
    static func pageSegmentationMode(_ layout: TextLayout) -> Int32 {
        switch layout {
        case .automatic: 3    // PSM_AUTO
        case .singleColumn: 4 // PSM_SINGLE_COLUMN
        case .singleBlock: 6  // PSM_SINGLE_BLOCK
        case .sparse: 11      // PSM_SPARSE_TEXT
        }
    }

    private static func read(_ image: Image, layout: TextLayout, pixelsPerInch: Int,
                             handle: OpaquePointer) throws(RecognitionError) -> RecognizedText {
        var words: OpaquePointer?
        let status = image.pixels.withUnsafeBufferPointer { buffer in
            papers_tess_recognize(handle, buffer.baseAddress, buffer.count, Int32(image.width), Int32(image.height),
                                  Int32(image.channels), Int32(image.bytesPerRow), pageSegmentationMode(layout),
                                  Int32(pixelsPerInch), &words)
        }
        guard status == PAPERS_TESS_OK, let words else {
            switch status {
            case PAPERS_TESS_INVALID_ARGUMENT: throw RecognitionError(code: .invalidInput, detail: "Tesseract refused the image")
            case PAPERS_TESS_OUT_OF_MEMORY: throw RecognitionError(code: .nativeFailure, detail: "Tesseract ran out of memory")
            default: throw RecognitionError(code: .nativeFailure, detail: "Tesseract failed to recognise the page")
            }
        }
        defer { papers_tess_words_free(words) }
        var lines: [RecognizedLine] = []
        var currentLine: Int32 = -1
        for index in 0..<papers_tess_words_count(words) {
            guard let word = papers_tess_words_at(words, index)?.pointee, let text = word.text else { continue }
            let recognized = RecognizedWord(text: String(cString: text),
                                            box: TextBox(x: Int(word.left), y: Int(word.top),
                                                         width: Int(word.right - word.left), height: Int(word.bottom - word.top)),
                                            confidence: Double(word.confidence) / 100)
            if word.line != currentLine || lines.isEmpty {
                lines.append(RecognizedLine(words: [], block: Int(word.block)))
                currentLine = word.line
            }
            lines[lines.count - 1].words.append(recognized)
        }
        return RecognizedText(width: image.width, height: image.height, lines: lines.filter { !$0.words.isEmpty })
    }

    /// The Tesseract engine behind a recogniser and its copies, started on first use.
    private final class Engine: @unchecked Sendable {
        // Safety: `handle` and `startedWith` are read and written only while `lock` is held, and
        // Tesseract is called only while it is held, so one page is read at a time.
        private let lock = NSLock()
        private var handle: OpaquePointer?
        private var startedWith: Configuration?

        deinit { papers_tess_free(handle) }

        func withHandle<R>(_ configuration: Configuration,
                           _ body: (OpaquePointer) throws(RecognitionError) -> R) throws(RecognitionError) -> R {
            lock.lock()
            defer { lock.unlock() }
            if handle == nil || startedWith != configuration {
                papers_tess_free(handle)
                handle = nil
                let folder = try TesseractTextRecognizer.dataFolder(for: configuration)
                var made: OpaquePointer?
                let status = papers_tess_create(folder, configuration.language, &made)
                guard status == PAPERS_TESS_OK, let made else {
                    if status == PAPERS_TESS_INIT_FAILED {
                        throw RecognitionError(code: .languageDataMissing,
                                               detail: "Tesseract cannot load \(configuration.language) from \(folder)")
                    }
                    throw RecognitionError(code: .nativeFailure, detail: "Tesseract could not start")
                }
                handle = made
                startedWith = configuration
            }
            return try body(handle!)
        }
    }
}
