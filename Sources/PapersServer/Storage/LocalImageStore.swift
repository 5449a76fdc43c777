import Foundation

/// Images on local disk under `<data dir>/images/<owner>/`, each a ``SealedFile``.
///
/// Deleting an owner removes its whole folder: the sealed bytes are gone, not flagged.
struct LocalImageStore: ImageStorage {
    let root: URL
    let sealer: Sealer

    init(dataDirectory: URL, sealer: Sealer) {
        root = dataDirectory.appendingPathComponent("images", isDirectory: true)
        self.sealer = sealer
    }

    func url(owner: String, name: String) -> URL {
        root.appendingPathComponent(owner, isDirectory: true).appendingPathComponent(name + ".sealed")
    }

    /// The associated data binding a file to its owner and name.
    func context(owner: String, name: String) -> String { "image:\(owner):\(name)" }

    /// A writer that seals chunks as they arrive.
    func writer(owner: String, name: String) throws(ServerError) -> SealedFileWriter {
        try SealedFileWriter(url: url(owner: owner, name: name), sealer: sealer, context: context(owner: owner, name: name))
    }

    /// Moves a staged file into place.
    func commit(_ staged: StagedImage) async throws {
        try staged.moveIntoPlace()
    }

    /// Writes a whole image at once.
    func write(_ bytes: [UInt8], owner: String, name: String) async throws {
        try writeNow(bytes, owner: owner, name: name)
    }

    func writeNow(_ bytes: [UInt8], owner: String, name: String) throws(ServerError) {
        var writer = try writer(owner: owner, name: name)
        do {
            try writer.append(bytes)
            try writer.finish()
        } catch {
            writer.abandon()
            throw error
        }
    }

    /// Reads and opens an image.
    func read(owner: String, name: String) async throws -> Data {
        try readNow(owner: owner, name: name)
    }

    func readNow(owner: String, name: String) throws(ServerError) -> Data {
        try SealedFile.read(url(owner: owner, name: name), sealer: sealer, context: context(owner: owner, name: name))
    }

    /// Deletes everything an owner stored.
    func deleteAll(owner: String) async throws {
        try? FileManager.default.removeItem(at: root.appendingPathComponent(owner, isDirectory: true))
    }
}
