import Foundation

/// A queued file that cannot be read any more (moved or deleted since it was queued).
struct ClientFileError: Error, Sendable {
    let message: String

    /// The file's bytes.
    static func read(_ path: String) throws(ClientFileError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ClientFileError(message: "FILE_UNREADABLE: a queued file can no longer be read")
        }
        return [UInt8](data)
    }
}
