import PapersImaging
import PapersRecognition

/// Looks for glare off glass or glossy paper on the face: the largest blob of clipped pixels
/// (every channel at 250 or more) in the face box grown by a fifth, as a share of the face box.
/// Skin shows small highlights (the nose, the forehead); a screen's or a print's glare covers more.
enum SpecularHighlightSignal {
    /// The largest clipped blob's area over the face box's.
    static func largestBlobShare(in image: Image, face: DetectedFace, clip: UInt8 = 250) -> Double {
        let grow = 0.2
        let x0 = max(0, Int(face.x - grow * face.width)), y0 = max(0, Int(face.y - grow * face.height))
        let x1 = min(image.width, Int(face.x + (1 + grow) * face.width)), y1 = min(image.height, Int(face.y + (1 + grow) * face.height))
        let w = x1 - x0, h = y1 - y0
        guard w > 0, h > 0, face.width * face.height > 0 else { return 0 }
        let channels = image.format.channels
        var clipped = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let i = image.offset(x: x0 + x, y: y0 + y)
                var all = true
                for k in 0..<min(3, channels) where image.pixels[i + k] < clip { all = false }
                clipped[y * w + x] = all
            }
        }
        var seen = [Bool](repeating: false, count: w * h)
        var largest = 0
        var stack: [Int] = []
        for start in 0..<(w * h) where clipped[start] && !seen[start] {
            var area = 0
            stack.append(start)
            seen[start] = true
            while let i = stack.popLast() {
                area += 1
                let x = i % w, y = i / w
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && ny >= 0 && nx < w && ny < h {
                    let j = ny * w + nx
                    if clipped[j] && !seen[j] { seen[j] = true; stack.append(j) }
                }
            }
            largest = max(largest, area)
        }
        return Double(largest) / (face.width * face.height)
    }
}
