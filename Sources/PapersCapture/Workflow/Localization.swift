import Foundation
import PapersCore
import PapersImaging

/// Help texts, guidance and error messages in the languages bundled with PapersCapture
/// (TrustVision's `en` and `vi`): one JSON file of texts per language.
///
/// ```swift
/// var texts = try Localization(language: "vi")
/// texts.text(for: .holdStill)            // "Giữ yên"
/// try texts.setLanguage("en")            // changed at run time
/// ```
public struct Localization: Sendable, Hashable {
    /// The languages bundled.
    public static let supportedLanguages = ["en", "vi"]

    /// The language in use.
    public private(set) var language: String
    private var texts: [String: String]

    /// Loads `language`.
    ///
    /// - Throws: ``LocalizationError`` when the language is not bundled or its file is missing.
    public init(language: String = "en") throws(LocalizationError) {
        self.language = language
        texts = try Self.load(language)
    }

    /// Changes the language at run time.
    public mutating func setLanguage(_ language: String) throws(LocalizationError) {
        texts = try Self.load(language)
        self.language = language
    }

    /// The guidance shown for a capture problem.
    public func text(for guidance: CaptureGuidance) -> String { texts["guidance.\(guidance.rawValue)"] ?? guidance.rawValue }

    /// A workflow error's message.
    public func message(for error: WorkflowError) -> String { texts["error.\(error.kind.rawValue)"] ?? error.message }

    /// The short and long help of a scan step.
    public func help(_ part: ScanPart, _ mode: ScanMode) -> (short: String, long: String) {
        let name = texts["part.\(part.rawValue)"] ?? part.rawValue
        return ((texts["help.\(mode.rawValue).short"] ?? "").replacingOccurrences(of: "{part}", with: name),
                (texts["help.\(mode.rawValue).long"] ?? "").replacingOccurrences(of: "{part}", with: name))
    }

    /// Every text of the language by key (what a page renders itself, such as the web capture page).
    public var table: [String: String] { texts }

    /// Every key of the bundled texts (the same in every language: a test keeps them equal).
    public var keys: [String] { texts.keys.sorted() }

    private static func load(_ language: String) throws(LocalizationError) -> [String: String] {
        guard supportedLanguages.contains(language) else { throw LocalizationError(language: language, missingFile: false) }
        let url = ShippedResource.url(
            target: "PapersCapture", path: "Resources/Localization/\(language).json",
            // This file is in Sources/PapersCapture/Workflow/.
            sources: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        ) {
            Bundle.module.url(forResource: language, withExtension: "json", subdirectory: "Resources/Localization")
        }
        guard let url, let data = try? Data(contentsOf: url), let texts = try? JSONDecoder().decode([String: String].self, from: data) else {
            throw LocalizationError(language: language, missingFile: true)
        }
        return texts
    }
}

/// A language that cannot be used: not bundled, or its file is missing.
public struct LocalizationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The language asked for.
    public let language: String
    /// Whether the language is supported but its file is missing from the bundle.
    public let missingFile: Bool

    public var description: String {
        missingFile
            ? "LOCALIZATION_MISSING: the texts for \(language) are missing; \(ShippedResource.missingAdvice(target: "PapersCapture"))"
            : "LOCALIZATION_UNSUPPORTED: \(language) is not one of \(Localization.supportedLanguages.joined(separator: ", "))"
    }
}
