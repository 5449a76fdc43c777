import Foundation

/// An RFC 9457 problem document: the body of every error answer (`application/problem+json`).
public struct ProblemDetails: Sendable, Hashable, Codable {
    /// A URI naming the kind of problem, relative to the API (`/problems/not-found`).
    public let type: String
    /// The fixed summary of the HTTP status.
    public let title: String
    /// The HTTP status code.
    public let status: Int
    /// What happened this time, without document data or secrets.
    public let detail: String
    /// A stable upper-case identifier for scripts (`NOT_FOUND`, `INVALID_REQUEST`).
    public let code: String
    /// The path of the request that failed.
    public let instance: String

    /// Creates a problem document.
    public init(type: String, title: String, status: Int, detail: String, code: String, instance: String) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.code = code
        self.instance = instance
    }

    /// The problem type URI for a code: `/problems/` and the code in lower-case kebab form.
    public static func type(forCode code: String) -> String {
        "/problems/" + code.lowercased().replacingOccurrences(of: "_", with: "-")
    }
}
