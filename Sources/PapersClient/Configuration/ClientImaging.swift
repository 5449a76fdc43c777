import Foundation
import PapersImaging

/// The image codecs an app lends the client for its Lens events (thumbnails and the stitched
/// PDF), and where it may write them: on Linux and macOS the native codecs
/// (`SniffingImageDecoder`, `JPEGCodec` from PapersImagingCodecs), on iOS the platform's.
public struct ClientImaging: Sendable {
    /// Decodes a page (JPEG or PNG).
    public var decoder: any ImageDecoder
    /// Encodes a thumbnail (and a PNG page for the PDF) as JPEG.
    public var encoder: any ImageEncoder
    /// Where each package gets a folder for its thumbnail and PDF.
    public var directory: URL

    /// Creates the imaging settings.
    public init(decoder: any ImageDecoder, encoder: any ImageEncoder, directory: URL) {
        self.decoder = decoder
        self.encoder = encoder
        self.directory = directory
    }
}
