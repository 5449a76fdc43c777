import Foundation
import PapersImaging
import PapersRecognition

/// Looks for a display in the face region: a screen's pixel grid, and the moiré of photographing
/// it, put isolated peaks in the spectrum that a face, skin and hair do not have (their spectra fall
/// off smoothly, with ridges along their edges' directions but no lone points).
///
/// The face region (the face box grown by half) is cut into 64-pixel tiles at the frame's own
/// resolution; their averaged spectrum is searched, between 5 and 32 cycles per tile, for the bin
/// that stands highest above the median of the ring of bins three away from it. Bins on the
/// 8-pixel lattice of JPEG blocks are skipped: compression puts peaks there in any photo.
enum ScreenPatternSignal {
    /// The tile side.
    static let tile = 64

    /// The peak ratio (power of the strongest isolated bin over its surroundings' median), or `nil`
    /// when the face region holds no whole tile.
    static func peakRatio(in image: Image, face: DetectedFace, maximumTiles: Int = 16) -> Double? {
        let grow = 0.25
        let x0 = max(0, Int(face.x - grow * face.width)), y0 = max(0, Int(face.y - grow * face.height))
        let x1 = min(image.width, Int(face.x + (1 + grow) * face.width)), y1 = min(image.height, Int(face.y + (1 + grow) * face.height))
        guard x1 - x0 >= tile, y1 - y0 >= tile else { return nil }
        // Tiles overlapping by half, spread evenly over the region when there are too many.
        let columns = (x1 - x0 - tile) / (tile / 2) + 1, rows = (y1 - y0 - tile) / (tile / 2) + 1
        let stepX = max(1, Int((Double(columns) / Double(maximumTiles).squareRoot()).rounded(.up)))
        let stepY = max(1, Int((Double(rows) / Double(maximumTiles).squareRoot()).rounded(.up)))
        var spectrum = Spectrum(size: tile)
        var samples = [Double](repeating: 0, count: tile * tile)
        let channels = image.format.channels
        for row in stride(from: 0, to: rows, by: stepY) {
            for column in stride(from: 0, to: columns, by: stepX) {
                let tx = x0 + column * tile / 2, ty = y0 + row * tile / 2
                for y in 0..<tile {
                    for x in 0..<tile {
                        let i = image.offset(x: tx + x, y: ty + y)
                        samples[y * tile + x] = channels >= 3
                            ? (Double(image.pixels[i]) + Double(image.pixels[i + 1]) + Double(image.pixels[i + 2])) / 3
                            : Double(image.pixels[i])
                    }
                }
                spectrum.add(samples)
            }
        }
        var best = 0.0
        let half = tile / 2
        var ring = [Double]()
        ring.reserveCapacity(24)
        // Half the plane: the spectrum of a real signal is symmetric.
        for v in 0...half {
            for u in -half + 1...half {
                let radius = (Double(u * u + v * v)).squareRoot()
                guard radius >= 5, radius <= Double(half) else { continue }
                guard !(Self.onBlockLattice(u) && Self.onBlockLattice(v)) else { continue }
                let centre = spectrum.at(u, v)
                ring.removeAll(keepingCapacity: true)
                for dv in -3...3 {
                    for du in -3...3 where max(abs(du), abs(dv)) == 3 { ring.append(spectrum.at(u + du, v + dv)) }
                }
                ring.sort()
                let median = (ring[11] + ring[12]) / 2
                guard median > 0 else { continue }
                best = max(best, centre / median)
            }
        }
        return best
    }

    /// Whether a frequency bin lies within one bin of a multiple of 8 (the 8-pixel JPEG block grid
    /// in a 64-pixel tile).
    static func onBlockLattice(_ k: Int) -> Bool {
        let r = ((k % 8) + 8) % 8
        return r <= 1 || r == 7
    }
}
