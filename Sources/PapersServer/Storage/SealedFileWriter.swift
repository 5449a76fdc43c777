import Foundation

/// Writes a ``SealedFile`` chunk by chunk; the file appears under its name only when finished.
///
/// A writer made with ``init(inMemoryFor:sealer:context:)`` keeps the sealed bytes in memory
/// instead, for a store that puts them in its database (no file to create and remove).
struct SealedFileWriter {
    let url: URL
    let temporaryURL: URL
    let sealer: Sealer
    let context: String
    private var handle: FileHandle?
    private var memory: Data?
    private var buffer = Data()
    private var index = 0
    /// Plaintext bytes taken so far.
    private(set) var byteCount = 0

    init(url: URL, sealer: Sealer, context: String) throws(ServerError) {
        self.url = url
        self.sealer = sealer
        self.context = context
        temporaryURL = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).part")
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            guard FileManager.default.createFile(atPath: temporaryURL.path, contents: SealedFile.magic, attributes: [.posixPermissions: 0o600]) else {
                throw ServerError(.storageFailure, "cannot create a file in the data directory")
            }
            let handle = try FileHandle(forWritingTo: temporaryURL)
            try handle.seekToEnd()
            self.handle = handle
        } catch let error as ServerError {
            throw error
        } catch {
            throw ServerError(.storageFailure, "cannot create a file in the data directory")
        }
    }

    /// A writer that seals into memory; `url` only names the image.
    init(inMemoryFor url: URL, sealer: Sealer, context: String) {
        self.url = url
        self.sealer = sealer
        self.context = context
        temporaryURL = url
        memory = SealedFile.magic
    }

    /// Adds plaintext; full segments are sealed and written at once.
    mutating func append(_ bytes: some Sequence<UInt8>) throws(ServerError) {
        let before = buffer.count
        buffer.append(contentsOf: bytes)
        byteCount += buffer.count - before
        while buffer.count > SealedFile.segmentSize {
            try writeSegment(buffer.prefix(SealedFile.segmentSize), final: false)
            buffer = Data(buffer.dropFirst(SealedFile.segmentSize))
        }
    }

    /// Seals the rest as the final segment and moves the file into place.
    mutating func finish() throws(ServerError) {
        try stage(owner: "", name: "").moveIntoPlace()
    }

    /// Seals the rest as the final segment and leaves the file under its temporary name, for the
    /// database to place it only if its owner still takes uploads (see ``StagedImage``).
    mutating func stage(owner: String, name: String) throws(ServerError) -> StagedImage {
        try writeSegment(buffer, final: true)
        buffer = Data()
        if let memory { return StagedImage(owner: owner, name: name, sealed: memory, destination: url) }
        do { try handle?.close() } catch { throw ServerError(.storageFailure, "cannot store a file in the data directory") }
        return StagedImage(owner: owner, name: name, file: temporaryURL, destination: url)
    }

    /// Drops the partial file.
    func abandon() {
        guard let handle else { return }
        try? handle.close()
        try? FileManager.default.removeItem(at: temporaryURL)
    }

    private mutating func writeSegment(_ plaintext: Data, final: Bool) throws(ServerError) {
        let box = try sealer.seal(plaintext, context: SealedFile.segmentContext(context, index: index, final: final))
        var record = Data(count: 4)
        let length = UInt32(box.count)
        record[0] = UInt8(length >> 24); record[1] = UInt8(length >> 16 & 0xFF)
        record[2] = UInt8(length >> 8 & 0xFF); record[3] = UInt8(length & 0xFF)
        record.append(box)
        if memory != nil {
            memory?.append(record)
        } else {
            do { try handle?.write(contentsOf: record) } catch { throw ServerError(.storageFailure, "cannot write to the data directory") }
        }
        index += 1
    }

    /// Deletes the partial files (`.NAME.UUID.part`) under `directory` last written before
    /// `cutoff`: uploads whose process died before they finished.
    static func removeAbandoned(under directory: URL, before cutoff: Date) -> Int {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.contentModificationDateKey]) else {
            return 0
        }
        var removed = 0
        for case let url as URL in walker where url.lastPathComponent.hasPrefix(".") && url.pathExtension == "part" {
            let modified = (try? url.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate ?? .distantPast
            if modified < cutoff, (try? FileManager.default.removeItem(at: url)) != nil { removed += 1 }
        }
        return removed
    }
}
