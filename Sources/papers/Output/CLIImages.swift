import Foundation
import PapersImaging
import PapersImagingCodecs
import PapersSynthesis

/// Loading and saving images for the CLI, with one-line errors.
enum CLIImages {
    /// A synthetic photo as `papers synth` writes it and a camera delivers it: through JPEG at
    /// its own quality.
    static func asDelivered(_ photo: SyntheticPhoto) throws -> Image {
        try ImageCodecs.decode(ImageCodecs.encode(photo.image, forPath: "photo.jpg", quality: photo.truth.jpegQuality))
    }

    /// Reads and decodes a photo, or says why it cannot.
    static func decode(_ path: String, format: Image.PixelFormat = .rgb) throws(CLIImageError) -> Image {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIImageError(code: "FILE_UNREADABLE", message: "cannot read \(path): no such file or not readable", exitCode: 66)
        }
        do {
            return try ImageCodecs.decode([UInt8](data), format: format)
        } catch {
            throw CLIImageError(code: error.code.rawValue, message: "\(path): \(error.description)", exitCode: 65)
        }
    }

    /// Reads and decodes a photo, or prints the one-line error and gives the exit code.
    static func load(_ path: String, format: Image.PixelFormat = .rgb) throws -> Image {
        do {
            return try decode(path, format: format)
        } catch {
            throw CLIOutput.fail(error.message, code: error.exitCode)
        }
    }

    /// The file name endings the CLI writes images as.
    static let writableExtensions = ["jpg", "jpeg", "png"]

    /// Refuses, before any work, an output path whose ending names a format the CLI does not write.
    static func checkWritable(_ path: String) throws {
        guard writableExtensions.contains((path as NSString).pathExtension.lowercased()) else {
            throw CLIOutput.fail("\(path): write images as .jpg, .jpeg or .png", code: 64)
        }
    }

    /// Encodes by the path's ending (`.png` losslessly, `.jpg`/`.jpeg` as JPEG) and writes the file.
    static func save(_ image: Image, to path: String, quality: Int = 90) throws {
        try checkWritable(path)
        let bytes: [UInt8]
        do {
            bytes = try ImageCodecs.encode(image, forPath: path, quality: quality)
        } catch {
            throw CLIOutput.fail("cannot encode \(path): \(error.description)", code: 70)
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw CLIOutput.fail("cannot write \(path)", code: 73)
        }
    }
}
