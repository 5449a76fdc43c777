import Foundation
import PapersVerification

/// Sealed image bytes, wherever they are kept: files under the data directory
/// (``LocalImageStore``), or rows of the PostgreSQL database (``PostgresImageStore``).
protocol ImageStorage: Sendable {
    /// A writer that seals an upload chunk by chunk; stage it and ``commit(_:)`` the result (or
    /// let the database place it: ``ServerStore/placeImage(_:contentType:byteCount:)``).
    func writer(owner: String, name: String) throws(ServerError) -> SealedFileWriter
    /// Makes a staged upload the stored image, unconditionally.
    func commit(_ staged: StagedImage) async throws
    /// Seals and stores a whole image.
    func write(_ bytes: [UInt8], owner: String, name: String) async throws
    /// The opened image.
    func read(owner: String, name: String) async throws -> Data
    /// Erases every image of an owner.
    func deleteAll(owner: String) async throws
}
