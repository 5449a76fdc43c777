import Foundation

/// A file sealed in segments as it is written, so uploads stream to disk encrypted and never exist
/// there in the clear.
///
/// Layout: the magic `PSF1`, then segments of `UInt32` big-endian length ‖ AES-GCM combined box.
/// Each segment's associated data is `context|index|final`, so segments cannot be reordered, swapped
/// between files, or cut off (the last segment must say it is final).
enum SealedFile {
    static let magic = Data("PSF1".utf8)
    static let segmentSize = 64 * 1024

    static func segmentContext(_ context: String, index: Int, final: Bool) -> String {
        "\(context)|\(index)|\(final ? 1 : 0)"
    }

    /// Reads and opens a whole sealed file.
    static func read(_ url: URL, sealer: Sealer, context: String) throws(ServerError) -> Data {
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw ServerError(.storageFailure, "a stored file is missing") }
        return try open(data, sealer: sealer, context: context)
    }

    /// Opens the bytes of a sealed file.
    static func open(_ data: Data, sealer: Sealer, context: String) throws(ServerError) -> Data {
        guard data.starts(with: magic) else { throw ServerError(.sealingFailure, "a stored file is not sealed") }
        var output = Data()
        var offset = magic.count
        var index = 0
        while offset < data.count {
            guard offset + 4 <= data.count else { throw ServerError(.sealingFailure, "a stored file is cut off") }
            let length = data[data.startIndex + offset ..< data.startIndex + offset + 4].reduce(0) { $0 << 8 | Int($1) }
            offset += 4
            guard length >= 28, offset + length <= data.count else { throw ServerError(.sealingFailure, "a stored file is cut off") }
            let box = data.subdata(in: data.startIndex + offset ..< data.startIndex + offset + length)
            offset += length
            let isLast = offset == data.count
            output.append(try sealer.open(box, context: segmentContext(context, index: index, final: isLast)))
            index += 1
        }
        guard index > 0 else { throw ServerError(.sealingFailure, "a stored file is empty") }
        return output
    }
}
