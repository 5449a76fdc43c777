/// Jumio's catalogue of workflow errors (`A`…`J`, `Y`, `Z`): what went wrong in a scan or
/// verification session, whether the user may retry, and the full code to quote to support.
///
/// The code is the case letter followed by detail digits, e.g. `A10401`; `G00000` is a cancel
/// by the user and not a fault.
public struct WorkflowError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error case: the first letter of the code.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A network communication problem.
        case networkProblem = "A"
        /// A secure connection could not be established.
        case secureConnectionFailed = "B"
        /// The API credentials are invalid.
        case invalidCredentials = "C"
        /// No internet connection.
        case noInternet = "E"
        /// Resources could not be loaded; scanning is not available.
        case resourcesUnavailable = "F"
        /// The user cancelled.
        case cancelledByUser = "G"
        /// The camera could not be started.
        case cameraUnavailable = "H"
        /// The end-to-end encryption certificate has expired; the app must be updated.
        case certificateExpired = "I"
        /// The session ran past its lifetime.
        case transactionFinished = "J"
        /// The barcode carries no address: scan the front as well.
        case barcodeWithoutAddress = "Y"
        /// The front was scanned where the back was expected: flip the document.
        case flipDocument = "Z"

        /// The message shown to the user.
        public var message: String {
            switch self {
            case .networkProblem: return "A network communication problem occurred."
            case .secureConnectionFailed, .invalidCredentials: return "Authentication failed."
            case .noInternet: return "No internet connection is available."
            case .resourcesUnavailable: return "Scanning is not available right now; please contact the app's vendor."
            case .cancelledByUser: return "Cancelled by the user."
            case .cameraUnavailable: return "The camera is not available right now."
            case .certificateExpired: return "The app's certificate is no longer valid; please update the app."
            case .transactionFinished: return "This session has already finished."
            case .barcodeWithoutAddress: return "The barcode on your document has no address; turn the document over and scan the front."
            case .flipDocument: return "You scanned the front of your document; please turn it over and scan the back."
            }
        }

        /// Whether the user may try again after this error.
        public var isRetryable: Bool {
            switch self {
            case .networkProblem, .noInternet, .barcodeWithoutAddress, .flipDocument: return true
            case .secureConnectionFailed, .invalidCredentials, .resourcesUnavailable, .cancelledByUser,
                 .cameraUnavailable, .certificateExpired, .transactionFinished: return false
            }
        }

        /// The detail digits used when none are given.
        var defaultDetail: String { self == .invalidCredentials ? "00401" : "00000" }
    }

    /// The error case.
    public let kind: Kind
    /// The digits after the letter (five, e.g. `10401`).
    public let detail: String

    /// Creates an error; `detail` defaults to Jumio's digits for the case.
    public init(_ kind: Kind, detail: String? = nil) {
        self.kind = kind
        self.detail = detail ?? kind.defaultDetail
    }

    /// Parses a full code such as `A10401`; `nil` when the letter is unknown or the rest is not five digits.
    public init?(code: String) {
        guard let first = code.first, let kind = Kind(rawValue: String(first)) else { return nil }
        let rest = code.dropFirst()
        guard rest.count == 5, rest.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        self.init(kind, detail: String(rest))
    }

    /// The full code, e.g. `C00401`.
    public var code: String { kind.rawValue + detail }
    /// The message shown to the user.
    public var message: String { kind.message }
    /// Whether the user may try again.
    public var isRetryable: Bool { kind.isRetryable }

    public var description: String { "\(code): \(message)" }
}
