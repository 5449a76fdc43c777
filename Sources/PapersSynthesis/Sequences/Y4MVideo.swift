import PapersImaging

/// A YUV4MPEG2 video (4:2:0, full-range BT.601): the raw format Chromium's fake camera plays
/// (`--use-file-for-fake-video-capture`), so a browser test can show a synthetic document to a page.
public struct Y4MVideo: Sendable {
    /// Frame width in pixels (even).
    public let width: Int
    /// Frame height in pixels (even).
    public let height: Int
    /// Frames a second.
    public let framesPerSecond: Int
    /// The file so far: the header and every frame appended.
    public private(set) var bytes: [UInt8]

    /// An empty video of `width` × `height` (rounded down to even sizes) at `framesPerSecond`.
    public init(width: Int, height: Int, framesPerSecond: Int) {
        self.width = width & ~1
        self.height = height & ~1
        self.framesPerSecond = max(1, framesPerSecond)
        bytes = Array("YUV4MPEG2 W\(self.width) H\(self.height) F\(self.framesPerSecond):1 Ip A1:1 C420jpeg\n".utf8)
    }

    /// Appends `image` (RGB or gray; cropped to the video's size) as the next frame.
    public mutating func append(_ image: Image) {
        bytes.append(contentsOf: Array("FRAME\n".utf8))
        let channels = image.format.channels
        func rgb(_ x: Int, _ y: Int) -> (Double, Double, Double) {
            guard x < image.width, y < image.height else { return (0, 0, 0) }
            let base = (y * image.width + x) * channels
            if channels >= 3 { return (Double(image.pixels[base]), Double(image.pixels[base + 1]), Double(image.pixels[base + 2])) }
            let v = Double(image.pixels[base])
            return (v, v, v)
        }
        func clamp(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
        var luma = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = rgb(x, y)
                luma[y * width + x] = clamp(0.299 * r + 0.587 * g + 0.114 * b)
            }
        }
        var cb = [UInt8](repeating: 128, count: width * height / 4)
        var cr = [UInt8](repeating: 128, count: width * height / 4)
        for y in stride(from: 0, to: height, by: 2) {
            for x in stride(from: 0, to: width, by: 2) {
                var sum = (r: 0.0, g: 0.0, b: 0.0)
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let p = rgb(x + dx, y + dy)
                    sum = (sum.r + p.0 / 4, sum.g + p.1 / 4, sum.b + p.2 / 4)
                }
                let index = (y / 2) * (width / 2) + x / 2
                cb[index] = clamp(128 - 0.168_736 * sum.r - 0.331_264 * sum.g + 0.5 * sum.b)
                cr[index] = clamp(128 + 0.5 * sum.r - 0.418_688 * sum.g - 0.081_312 * sum.b)
            }
        }
        bytes.append(contentsOf: luma)
        bytes.append(contentsOf: cb)
        bytes.append(contentsOf: cr)
    }
}
