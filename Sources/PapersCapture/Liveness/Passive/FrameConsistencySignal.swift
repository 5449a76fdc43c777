import PapersImaging

/// Looks at how a face's landmarks move over a sequence: a flat picture (a print, a screen, a
/// still photo replayed) moves as one piece, so an affine map of the first frame's landmarks
/// explains every later frame's up to the landmarker's jitter; a live face turns, blinks and
/// talks, which no affine map explains.
///
/// The measure is the largest, over the frames, of the root-mean-square residual of the
/// least-squares affine map from the first frame's landmarks to the frame's, over the distance
/// between the outer eye corners. The jaw's 17 points are left out: a landmarker places them
/// least surely, and their jitter would pass for motion.
enum FrameConsistencySignal {
    /// The largest non-rigid motion, or `nil` with fewer than three frames of 68 landmarks.
    static func nonRigidMotion(_ sequence: [[Point]]) -> Double? {
        let frames = sequence.filter { $0.count == 68 }
        guard frames.count >= 3 else { return nil }
        let reference = frames[0]
        let span = reference[36].distance(to: reference[45])
        guard span > 1 else { return nil }
        var worst = 0.0
        let inner = Array(reference[17...])
        for frame in frames.dropFirst() {
            guard let residual = affineResidual(from: inner, to: Array(frame[17...])) else { continue }
            worst = max(worst, residual / span)
        }
        return worst
    }

    /// The RMS residual of the least-squares affine map taking `a` to `b`.
    static func affineResidual(from a: [Point], to b: [Point]) -> Double? {
        // Normal equations of [x y 1] · coefficients = target, solved for both target coordinates.
        var m = [[Double]](repeating: [0, 0, 0], count: 3)
        var tx = [0.0, 0.0, 0.0], ty = [0.0, 0.0, 0.0]
        for (p, q) in zip(a, b) {
            let row = [p.x, p.y, 1]
            for i in 0..<3 {
                for j in 0..<3 { m[i][j] += row[i] * row[j] }
                tx[i] += row[i] * q.x
                ty[i] += row[i] * q.y
            }
        }
        guard let cx = solve(m, tx), let cy = solve(m, ty) else { return nil }
        var sum = 0.0
        for (p, q) in zip(a, b) {
            let x = cx[0] * p.x + cx[1] * p.y + cx[2], y = cy[0] * p.x + cy[1] * p.y + cy[2]
            sum += (x - q.x) * (x - q.x) + (y - q.y) * (y - q.y)
        }
        return (sum / Double(a.count)).squareRoot()
    }

    /// The solution of a 3 × 3 system by Cramer's rule, `nil` when it is singular.
    private static func solve(_ m: [[Double]], _ v: [Double]) -> [Double]? {
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let d = det(m)
        guard abs(d) > 1e-9 else { return nil }
        return (0..<3).map { column in
            var replaced = m
            for row in 0..<3 { replaced[row][column] = v[row] }
            return det(replaced) / d
        }
    }
}
