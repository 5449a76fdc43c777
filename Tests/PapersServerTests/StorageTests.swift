import Foundation
import GRDB
import Testing
@testable import PapersServer

@Suite("Storage")
struct StorageTests {
    let sealer = try! Sealer(keyData: Data((0..<32).map { UInt8($0) }))

    func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("papers-storage-\(UUID().uuidString)")
    }

    @Test("a blob opens only with its key and context")
    func sealing() throws {
        let sealed = try sealer.seal(Data("Olga Eriksson".utf8), context: "row:1")
        #expect(try sealer.open(sealed, context: "row:1") == Data("Olga Eriksson".utf8))
        #expect(throws: ServerError.self) { try sealer.open(sealed, context: "row:2") }
        let other = try Sealer(keyData: Data(repeating: 1, count: 32))
        #expect(throws: ServerError.self) { try other.open(sealed, context: "row:1") }
        var tampered = sealed
        tampered[20] ^= 1
        #expect(throws: ServerError.self) { try sealer.open(tampered, context: "row:1") }
        #expect(throws: ServerError.self) { try Sealer(keyData: Data(repeating: 1, count: 16)) }
    }

    @Test("sealed files stream in segments and refuse truncation and reordering", arguments: [0, 1, 65_536, 65_537, 200_000])
    func sealedFiles(size: Int) async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = LocalImageStore(dataDirectory: directory, sealer: sealer)
        let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var writer = try store.writer(owner: "v1", name: "front")
        for chunk in stride(from: 0, to: payload.count, by: 10_000) {
            try writer.append(payload[chunk..<min(chunk + 10_000, payload.count)])
        }
        try writer.finish()
        #expect([UInt8](try store.readNow(owner: "v1", name: "front")) == payload)
        // Another owner's context does not open it.
        let url = store.url(owner: "v1", name: "front")
        #expect(throws: ServerError.self) { try SealedFile.read(url, sealer: sealer, context: store.context(owner: "v2", name: "front")) }
        // Cutting off the last segment is detected.
        let bytes = try Data(contentsOf: url)
        if size > 65_536 {
            let firstLength = bytes[4..<8].reduce(0) { $0 << 8 | Int($1) }
            try bytes.prefix(8 + firstLength).write(to: url)
            #expect(throws: ServerError.self) { try store.readNow(owner: "v1", name: "front") }
        }
        try await store.deleteAll(owner: "v1")
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("an abandoned upload leaves no file")
    func abandon() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = LocalImageStore(dataDirectory: directory, sealer: sealer)
        var writer = try store.writer(owner: "v1", name: "back")
        try writer.append([1, 2, 3])
        writer.abandon()
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("images/v1").path)
        #expect(files.isEmpty)
    }

    @Test("a job whose worker died is claimed again when its lease runs out, and only then")
    func jobLease() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try SQLiteStore(path: directory.appendingPathComponent("papers.sqlite").path, sealer: sealer)
        try await database.write { db in try SQLiteStore.enqueue(db, kind: .processDocument, subject: "d1") }
        // Held for an hour, the job is nobody else's however slowly the machine runs.
        let first = try #require(try await database.claimJob(owner: "a", lease: 3600))
        #expect(first.subject == "d1" && first.attempts == 1)
        #expect(try await database.claimJob(owner: "b", lease: 30) == nil)
        // Its worker's last renewal was short and the worker died: once that lease runs out,
        // another worker claims the job, and the claim counts as a second attempt.
        #expect(try await database.renewJob(first, lease: 0.2))
        try await Task.sleep(for: .milliseconds(400))
        let second = try #require(try await database.claimJob(owner: "b", lease: 30))
        #expect(second.id == first.id && second.attempts == 2)
        try await database.completeJob(second)
        #expect(try await database.claimJob(owner: "c", lease: 30) == nil)
        #expect(try await database.jobCounts().isEmpty)
    }

    @Test("a renewed lease keeps a long job from a second worker, and only the holder settles it")
    func leaseRenewal() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try SQLiteStore(path: directory.appendingPathComponent("papers.sqlite").path, sealer: sealer)
        try await database.write { db in try SQLiteStore.enqueue(db, kind: .processDocument, subject: "d1") }
        let first = try #require(try await database.claimJob(owner: "a", lease: 1))
        // Renewed for long, the claim outlives its first second.
        #expect(try await database.renewJob(first, lease: 600))
        try await Task.sleep(for: .milliseconds(1200))
        #expect(try await database.claimJob(owner: "b", lease: 30) == nil)
        // The holder dies: its last lease runs out (here, at once) and another worker takes over.
        #expect(try await database.renewJob(first, lease: -1))
        let second = try #require(try await database.claimJob(owner: "b", lease: 30))
        #expect(second.id == first.id && second.attempts == 2)
        // The first worker, back from the dead, can neither renew nor settle the job.
        #expect(try await database.renewJob(first, lease: 30) == false)
        try await database.completeJob(first)
        try await database.retryJob(first, at: 0, error: "late")
        try await database.failJob(first, error: "late")
        #expect(try await database.jobCounts() == ["running": 1])
        try await database.completeJob(second)
        #expect(try await database.jobCounts().isEmpty)
    }

    @Test("the journal is WAL and deleted content is overwritten")
    func pragmas() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try SQLiteStore(path: directory.appendingPathComponent("papers.sqlite").path, sealer: sealer)
        let (journal, secure) = try await database.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "", try Int.fetchOne(db, sql: "PRAGMA secure_delete") ?? 0)
        }
        #expect(journal == "wal")
        #expect(secure == 1)
    }

    /// A configuration in `directory` whose start-up deadline allows for the suite's load (its
    /// CPU-bound tests hold the cooperative threads; the real deadline is tested in a process).
    static func configuration(_ directory: URL) -> ServerConfiguration {
        var configuration = ServerConfiguration(dataDirectory: directory)
        configuration.storageStartTimeout = .seconds(600)
        return configuration
    }

    @Test("a database refuses an encryption key other than the one it was first used with, naming where each came from")
    func keyCheck() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = Self.configuration(directory)
        _ = try await PapersServer.createTenant(name: "acme", configuration: first)
        // Another data directory (so another generated key), the same database file.
        var second = Self.configuration(directory.appendingPathComponent("other"))
        second.database = .sqlite(path: directory.appendingPathComponent("papers.sqlite").path)
        for attempt in 0..<2 {
            do {
                if attempt == 0 {
                    _ = try await PapersServer.createTenant(name: "acme", configuration: second)
                } else {
                    try await PapersServer.checkStorage(configuration: second)
                }
                Issue.record("another key was accepted")
            } catch let error as ServerError {
                #expect(error.code == .invalidConfiguration)
                #expect(error.message.contains(directory.appendingPathComponent("other/encryption.key").path))
                #expect(error.message.contains(directory.appendingPathComponent("encryption.key").path))
                #expect(!error.message.contains(try String(contentsOf: directory.appendingPathComponent("encryption.key"), encoding: .utf8)
                    .trimmingCharacters(in: .whitespacesAndNewlines)))
            }
        }
        try await PapersServer.checkStorage(configuration: first)
        _ = try await PapersServer.createTenant(name: "beta", configuration: first)
    }

    @Test("a database made before keys were recorded is checked against its sealed data, then recorded")
    func keyCheckOfOlderDatabase() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = Self.configuration(directory)
        _ = try await PapersServer.createTenant(name: "acme", configuration: first)
        let path = directory.appendingPathComponent("papers.sqlite").path
        let database = try SQLiteStore(path: path, sealer: sealer)
        try await database.write { db in try db.execute(sql: "DELETE FROM settings") }
        var second = Self.configuration(directory.appendingPathComponent("other"))
        second.database = .sqlite(path: path)
        await #expect(throws: ServerError.self) { try await PapersServer.checkStorage(configuration: second) }
        try await PapersServer.checkStorage(configuration: first)
        #expect(try await database.recordedKey()?.source == directory.appendingPathComponent("encryption.key").path)
    }

    @Test("the database, its journal and the image folders are owner-only, wherever --db puts them")
    func ownerOnly() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("elsewhere/db/papers.sqlite").path
        let database = try SQLiteStore(path: path, sealer: sealer)
        _ = try await database.createTenant(name: "acme")
        func mode(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) & 0o777
        }
        #expect(try mode(path) == 0o600)
        #expect(try mode(path + "-wal") == 0o600)
        #expect(try mode(directory.appendingPathComponent("elsewhere/db").path) == 0o700)
        let store = LocalImageStore(dataDirectory: directory.appendingPathComponent("data"), sealer: sealer)
        try await store.write([1, 2, 3], owner: "v1", name: "front")
        let data = directory.appendingPathComponent("data")
        var folders = 0
        for sub in try FileManager.default.subpathsOfDirectory(atPath: data.path) {
            let full = data.appendingPathComponent(sub).path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue else {
                #expect(try mode(full) == 0o600, "\(sub)")
                continue
            }
            folders += 1
            #expect(try mode(full) == 0o700, "\(sub)")
        }
        #expect(folders > 0)
    }

    @Test("tenant secrets are stored hashed and checked")
    func tenants() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try SQLiteStore(path: directory.appendingPathComponent("papers.sqlite").path, sealer: sealer)
        let credentials = try await database.createTenant(name: "acme")
        let stored = try await database.read { db in try Data.fetchOne(db, sql: "SELECT secret_hash FROM tenants") }
        #expect(stored != Data(credentials.secret.utf8))
        #expect(try await database.authenticate(token: credentials.token, secret: credentials.secret)?.name == "acme")
        #expect(try await database.authenticate(token: credentials.token, secret: "sec_wrong") == nil)
        #expect(try await database.authenticate(token: "tok_unknown", secret: credentials.secret) == nil)
        let tenantID = try #require(try await database.authenticate(token: credentials.token, secret: credentials.secret)?.id)
        #expect(try await database.webhookSecret(tenantID: tenantID) == credentials.webhookSecret)
        await #expect(throws: ServerError.self) { try await database.createTenant(name: "  ") }
    }
}
