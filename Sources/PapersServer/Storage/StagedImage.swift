import Foundation

/// An upload sealed completely into a temporary file, not yet an image of its owner.
///
/// The database places it (``ServerStore/placeImage(_:contentType:byteCount:)``) in the same
/// transaction that checks its verification still takes uploads, so an upload that crosses a
/// `DELETE` or a `finalize` leaves nothing behind and changes nothing that processing reads.
struct StagedImage: Sendable {
    /// The verification or document it belongs to.
    let owner: String
    /// Its name among the owner's images (`front`, `frames-ID-0`…).
    let name: String
    /// The sealed file under its temporary name, or `nil` when the sealed bytes are in memory.
    let file: URL?
    /// The sealed bytes, when they were sealed into memory.
    private let sealed: Data?
    /// Where the local image store keeps it once placed.
    let destination: URL

    /// A staged file.
    init(owner: String, name: String, file: URL, destination: URL) {
        self.owner = owner
        self.name = name
        self.file = file
        sealed = nil
        self.destination = destination
    }

    /// Sealed bytes in memory.
    init(owner: String, name: String, sealed: Data, destination: URL) {
        self.owner = owner
        self.name = name
        file = nil
        self.sealed = sealed
        self.destination = destination
    }

    /// Moves the file to its destination (replacing an earlier upload of the same name).
    func moveIntoPlace() throws(ServerError) {
        do {
            if FileManager.default.fileExists(atPath: destination.path) { try FileManager.default.removeItem(at: destination) }
            if let file {
                try FileManager.default.moveItem(at: file, to: destination)
            } else {
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
                guard FileManager.default.createFile(atPath: destination.path, contents: sealed, attributes: [.posixPermissions: 0o600]) else {
                    throw ServerError(.storageFailure, "cannot store a file in the data directory")
                }
            }
        } catch {
            throw ServerError(.storageFailure, "cannot store a file in the data directory")
        }
    }

    /// The sealed bytes, for a store that keeps images in the database.
    func sealedBytes() throws(ServerError) -> Data {
        if let sealed { return sealed }
        do { return try Data(contentsOf: file ?? destination) } catch { throw ServerError(.storageFailure, "a staged upload is missing") }
    }

    /// Removes the temporary file (nothing happens once it was placed, or for bytes in memory).
    func discard() {
        if let file { try? FileManager.default.removeItem(at: file) }
    }
}
