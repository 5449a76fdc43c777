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
    /// The sealed file under its temporary name.
    let file: URL
    /// Where the local image store keeps it once placed.
    let destination: URL

    /// Moves the file to its destination (replacing an earlier upload of the same name).
    func moveIntoPlace() throws(ServerError) {
        do {
            if FileManager.default.fileExists(atPath: destination.path) { try FileManager.default.removeItem(at: destination) }
            try FileManager.default.moveItem(at: file, to: destination)
        } catch {
            throw ServerError(.storageFailure, "cannot store a file in the data directory")
        }
    }

    /// The sealed bytes, for a store that keeps images in the database.
    func sealedBytes() throws(ServerError) -> Data {
        do { return try Data(contentsOf: file) } catch { throw ServerError(.storageFailure, "a staged upload is missing") }
    }

    /// Removes the temporary file (nothing happens once it was placed).
    func discard() {
        try? FileManager.default.removeItem(at: file)
    }
}
