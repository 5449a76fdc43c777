import PapersImaging

/// Draws barcodes. Native bindings (zxing-cpp on Linux and macOS) implement it.
public protocol BarcodeWriter: Sendable {
    /// The smallest symbol holding `bytes`, one pixel per module: a gray image, black modules on
    /// white, with a quiet zone.
    func image(encoding bytes: [UInt8], as symbology: BarcodeSymbology) throws(RecognitionError) -> Image
}
