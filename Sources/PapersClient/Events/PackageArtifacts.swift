import Foundation
import PapersImaging

/// What a package shows while it is processed: a real thumbnail (the first page scaled to at
/// most ``thumbnailSize`` pixels a side, JPEG) and a PDF of every page, written to a folder of
/// the package's own. The codecs are the app's (``ClientImaging``).
struct PackageArtifacts {
    let imaging: ClientImaging
    /// The longest side of a thumbnail.
    static let thumbnailSize = 256

    /// Writes the thumbnail and the PDF of `files` under `directory`; returns their paths.
    func write(_ files: [String], to directory: URL) throws -> (thumbnail: String, pdf: String) {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var pages: [PDFWriter.Page] = []
        var thumbnail: [UInt8] = []
        for (index, file) in files.enumerated() {
            guard let data = FileManager.default.contents(atPath: file) else { throw ClientFileError(message: "FILE_UNREADABLE: a page can no longer be read") }
            let bytes = [UInt8](data)
            let image = try imaging.decoder.decode(bytes, limits: DecodingLimits())
            pages.append(try PDFWriter.Page(bytes) { try imaging.encoder.encode(image) })
            if index == 0 {
                let scale = min(1, Double(Self.thumbnailSize) / Double(max(image.width, image.height)))
                let small = image.resized(width: max(1, Int(Double(image.width) * scale)), height: max(1, Int(Double(image.height) * scale)))
                thumbnail = try imaging.encoder.encode(small)
            }
        }
        let thumbnailPath = directory.appendingPathComponent("thumbnail.jpg").path
        let pdfPath = directory.appendingPathComponent("pages.pdf").path
        guard FileManager.default.createFile(atPath: thumbnailPath, contents: Data(thumbnail), attributes: [.posixPermissions: 0o600]),
              FileManager.default.createFile(atPath: pdfPath, contents: Data(PDFWriter.pdf(pages)), attributes: [.posixPermissions: 0o600])
        else { throw ClientFileError(message: "FILE_UNWRITABLE: the package folder cannot be written") }
        return (thumbnailPath, pdfPath)
    }
}
