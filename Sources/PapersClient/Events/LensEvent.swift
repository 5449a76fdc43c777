import Foundation

/// A session event as Veryfi Lens reports it to its delegate: a JSON object whose `status` is
/// `start`, `inprogress` (`msg` `img_thumbnail_path`, `img_original_path`,
/// `img_stitched_pdf_path` or `progress`), `removed`, `error`, `done` or `close`, with Lens's
/// other keys (`package_id`, `data`, `document_type`, `error`, `queue_count`,
/// `session_scan_count`, `framework-version`, `framework-build`).
public enum LensEvent: Sendable, Hashable {
    /// A package (one captured document) was created.
    case start(packageId: String)
    /// A small JPEG of the document's first page was written at `path`.
    case thumbnail(packageId: String, path: String)
    /// The full-size image is at `path`.
    case original(packageId: String, path: String, documentType: String)
    /// A PDF of every page was written at `path`.
    case stitchedPDF(packageId: String, path: String)
    /// The upload is `percent` done.
    case progress(packageId: String, percent: Int)
    /// The package was removed from the queue.
    case removed(packageId: String)
    /// Uploading or processing the package failed for good.
    case error(packageId: String, error: String)
    /// The package was processed: `data` is the result's JSON (the server's resource, or the
    /// `DocumentData` read on the device).
    case done(packageId: String, data: Data)
    /// The session ended: documents still in the queue, and documents submitted in it.
    case close(queueCount: Int, sessionScanCount: Int)

    /// The framework version `close` reports.
    public static let frameworkVersion = "1.0.0"
    /// The framework build `close` reports.
    public static let frameworkBuild = "1"

    /// The event as Lens's JSON object, keys sorted.
    public func json() -> Data {
        let object: [String: Any]
        switch self {
        case .start(let id):
            object = ["status": "start", "package_id": id]
        case .thumbnail(let id, let path):
            object = ["status": "inprogress", "msg": "img_thumbnail_path", "data": path, "package_id": id]
        case .original(let id, let path, let type):
            object = ["status": "inprogress", "msg": "img_original_path", "data": path, "package_id": id, "document_type": type]
        case .stitchedPDF(let id, let path):
            object = ["status": "inprogress", "msg": "img_stitched_pdf_path", "data": path, "package_id": id]
        case .progress(let id, let percent):
            object = ["status": "inprogress", "msg": "progress", "data": percent, "package_id": id]
        case .removed(let id):
            object = ["status": "removed", "msg": "clear_package", "package_id": id]
        case .error(let id, let error):
            object = ["status": "error", "package_id": id, "error": error]
        case .done(let id, let data):
            object = ["status": "done", "package_id": id, "data": (try? JSONSerialization.jsonObject(with: data)) ?? NSNull()]
        case .close(let queue, let session):
            object = ["status": "close", "queue_count": queue, "session_scan_count": session,
                      "framework-version": Self.frameworkVersion, "framework-build": Self.frameworkBuild]
        }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    }
}
