import Foundation
import PapersImaging

/// What was done to a synthetic photo: the ground truth an analysis is scored against.
public struct SyntheticPhotoTruth: Sendable, Hashable, Codable {
    /// The document drawn.
    public var kind: SyntheticDocumentKind
    /// The surface under it.
    public var background: SyntheticBackground
    /// The document's corners in frame pixels, in reading order (top-left, top-right, bottom-right, bottom-left).
    public var corners: [Point]
    /// Whether every corner lies inside the frame.
    public var documentInFrame: Bool
    /// Degrees the document is turned (0 upright, 180 upside down), before perspective.
    public var rotationDegrees: Double
    /// Gaussian blur sigma in frame pixels (after the always-present optical softening).
    public var blurSigma: Double
    /// Motion blur length in frame pixels (0 for none).
    public var motionBlurLength: Double
    /// Whether the photo counts as heavily blurred (sigma ≥ 2.5 or motion ≥ 12 frame pixels,
    /// whatever the frame's size: a 1920-pixel frame's blur is less at the document's scale).
    public var heavyBlur: Bool
    /// Whether the photo is sharp (no blur past the optical softening, no motion).
    public var sharp: Bool
    /// Whether a specular glare spot covers part of the document.
    public var glare: Bool
    /// The glare spot's centre and radius in frame pixels, when there is one.
    public var glareCenter: Point?
    public var glareRadius: Double?
    /// Whether a shadow falls across the scene.
    public var shadow: Bool
    /// Global exposure gain (1 = normal).
    public var exposureGain: Double
    /// Sensor noise sigma (0…255 scale).
    public var noiseSigma: Double
    /// The JPEG quality to save the photo with.
    public var jpegQuality: Int
    /// The MRZ lines printed on the document, when it carries one.
    public var mrzLines: [String]?
    /// Whether the glare spot saturates some of the MRZ's characters (nobody can read them), when there is an MRZ.
    public var mrzObscuredByGlare: Bool?
    /// The bytes the barcode printed on the document encodes (base64 in JSON), when it carries one
    /// and they were given.
    public var barcodePayload: Data?
    /// Whether the glare spot saturates part of the barcode (a person would retake the photo), when there is a barcode.
    public var barcodeObscuredByGlare: Bool?
    /// The name of the portrait photo printed on the document (``SyntheticPortrait/name``), when one was.
    public var portrait: String?
}

/// A synthetic photo and its truth.
public struct SyntheticPhoto: Sendable {
    /// The photo, RGB.
    public let image: Image
    /// What is in it.
    public let truth: SyntheticPhotoTruth
}
