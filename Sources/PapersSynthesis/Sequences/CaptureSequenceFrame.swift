import PapersImaging

/// One frame of a ``CaptureSequence`` and what it shows.
public struct CaptureSequenceFrame: Sendable {
    /// The frame, RGB.
    public let image: Image
    /// What the frame shows.
    public let truth: Truth

    /// The ground truth of one frame.
    public struct Truth: Sendable, Hashable, Codable {
        /// The frame's number in the sequence, from 0.
        public var index: Int
        /// Camera time of the frame from the first one, in milliseconds.
        public var timeMilliseconds: Int
        /// How far the document is moved from its resting place, in pixels.
        public var offsetX: Int
        /// How far the document is moved down from its resting place, in pixels.
        public var offsetY: Int
        /// The document's corners in the frame (top-left, top-right, bottom-right, bottom-left).
        public var corners: [Point]
        /// Whether the whole document is inside the frame.
        public var documentInFrame: Bool
        /// The glare spot's centre in the frame, when there is one.
        public var glareCenter: Point?
        /// Whether the glare spot saturates part of the MRZ.
        public var glareOverMRZ: Bool
    }
}
