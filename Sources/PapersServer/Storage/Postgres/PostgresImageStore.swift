import Foundation
import PostgresNIO

/// Images as sealed blobs in the PostgreSQL database, so every server on the database can read
/// what any of them received. Uploads are sealed in memory as they stream in, then stored in one
/// statement.
struct PostgresImageStore: ImageStorage {
    let store: PostgresStore
    let spool: LocalImageStore

    init(store: PostgresStore, dataDirectory: URL, sealer: Sealer) {
        self.store = store
        spool = LocalImageStore(dataDirectory: dataDirectory.appendingPathComponent("spool", isDirectory: true), sealer: sealer)
    }

    func writer(owner: String, name: String) throws(ServerError) -> SealedFileWriter {
        SealedFileWriter(inMemoryFor: spool.url(owner: owner, name: name), sealer: spool.sealer, context: spool.context(owner: owner, name: name))
    }

    func commit(_ staged: StagedImage) async throws {
        defer { staged.discard() }
        _ = try await store.rows(try PostgresStore.storeBlobQuery(staged))
    }

    func write(_ bytes: [UInt8], owner: String, name: String) async throws {
        var writer = try writer(owner: owner, name: name)
        try writer.append(bytes)
        try await commit(try writer.stage(owner: owner, name: name))
    }

    func read(owner: String, name: String) async throws -> Data {
        guard let row = try await store.rows("SELECT sealed FROM image_blobs WHERE owner_id = \(owner) AND name = \(name)").first else {
            throw ServerError(.storageFailure, "a stored image is missing")
        }
        return try SealedFile.open(try row["sealed"].decode(Data.self), sealer: spool.sealer, context: spool.context(owner: owner, name: name))
    }

    func deleteAll(owner: String) async throws {
        _ = try await store.rows("DELETE FROM image_blobs WHERE owner_id = \(owner)")
        try await spool.deleteAll(owner: owner)
    }
}
