import Foundation

/// Images on local disk under `<data dir>/images/<owner>/`, each a ``SealedFile``.
///
/// Deleting an owner removes its whole folder: the sealed bytes are gone, not flagged.
struct ImageStore: Sendable {
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

    /// Writes a whole image at once.
    func write(_ bytes: [UInt8], owner: String, name: String) throws(ServerError) {
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
    func read(owner: String, name: String) throws(ServerError) -> Data {
        try SealedFile.read(url(owner: owner, name: name), sealer: sealer, context: context(owner: owner, name: name))
    }

    /// Deletes everything an owner stored.
    func deleteAll(owner: String) {
        try? FileManager.default.removeItem(at: root.appendingPathComponent(owner, isDirectory: true))
    }
}
