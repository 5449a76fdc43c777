/// Hough's voting kernels: every edge votes for the seven (θ, ρ) cells around its gradient
/// direction, one vote at a time or the seven ρ together in vector lanes (the same 32-bit
/// integers; the tests compare both ways).
extension HoughLines {
    /// The nearest bin to a gradient direction less three, as a row of the tables (the bin plus
    /// `spread`): the first row the edge votes in.
    @inline(__always)
    static func firstRow(_ angle: Float, binsPerRadian: Float) -> Int {
        let direction = angle < 0 ? angle + 2 * .pi : angle
        return Int(direction * binsPerRadian + 0.5)
    }

    /// The votes of `edges`, one at a time: ρ from the 16.16 fixed-point tables, row after row.
    @inline(__always)
    static func votes(_ edges: [EdgeMap.Edge], into acc: UnsafeMutablePointer<UInt16>, rhoBins: Int,
                      cosines: UnsafePointer<Int32>, sines: UnsafePointer<Int32>, offset: Int32, binsPerRadian: Float) {
        for edge in edges {
            let first = firstRow(edge.angle, binsPerRadian: binsPerRadian)
            let x = edge.x, y = edge.y
            // The vote's cell in the first row; each next row is a row further on.
            var cell = acc + first &* rhoBins
            for row in first..<(first &+ 2 &* spread &+ 1) {
                let rho = (x &* cosines[row] &+ y &* sines[row] &+ offset) >> 16
                cell[Int(rho)] &+= 1
                cell += rhoBins
            }
        }
    }

    /// The votes of `edges`, the seven ρ of an edge at once (the same 32-bit integers), then its
    /// votes. The eight lanes are stored whole and the seven votes read back, so that the vector
    /// is computed whole (not narrowed to the seven used).
    @inline(__always)
    static func votesInLanes(_ edges: [EdgeMap.Edge], into acc: UnsafeMutablePointer<UInt16>, rhoBins: Int,
                             cosines: UnsafePointer<Int32>, sines: UnsafePointer<Int32>, offset: Int32, binsPerRadian: Float) {
        let offsets = SIMD8<Int32>(repeating: offset)
        let stored = UnsafeMutablePointer<Int32>.allocate(capacity: 8)
        defer { stored.deallocate() }
        for edge in edges {
            let first = firstRow(edge.angle, binsPerRadian: binsPerRadian)
            let c = UnsafeRawPointer(cosines + first).loadUnaligned(as: SIMD8<Int32>.self)
            let s = UnsafeRawPointer(sines + first).loadUnaligned(as: SIMD8<Int32>.self)
            let rhos = (SIMD8(repeating: edge.x) &* c &+ SIMD8(repeating: edge.y) &* s &+ offsets) &>> 16
            UnsafeMutableRawPointer(stored).storeBytes(of: rhos, as: SIMD8<Int32>.self)
            var cell = acc + first &* rhoBins
            for k in 0..<(2 * spread + 1) {
                cell[Int(stored[k])] &+= 1
                cell += rhoBins
            }
        }
    }
}
