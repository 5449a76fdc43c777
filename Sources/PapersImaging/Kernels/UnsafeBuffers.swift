/// Several arrays' memory reached at once, for the kernels that read one and write others in
/// the same loop: the one place such accesses nest, so that call sites stay shallow.
public enum UnsafeBuffers {
    /// Calls `body` with the mutable buffers of `a` and `b`.
    @inlinable @inline(__always)
    public static func with<A, B, R>(_ a: inout [A], _ b: inout [B],
                                     _ body: (UnsafeMutableBufferPointer<A>, UnsafeMutableBufferPointer<B>) throws -> R) rethrows -> R {
        try a.withUnsafeMutableBufferPointer { a in
            try b.withUnsafeMutableBufferPointer { b in try body(a, b) }
        }
    }

    /// Calls `body` with the mutable buffers of `a`, `b` and `c`.
    @inlinable @inline(__always)
    public static func with<A, B, C, R>(_ a: inout [A], _ b: inout [B], _ c: inout [C],
                                        _ body: (UnsafeMutableBufferPointer<A>, UnsafeMutableBufferPointer<B>,
                                                 UnsafeMutableBufferPointer<C>) throws -> R) rethrows -> R {
        try a.withUnsafeMutableBufferPointer { a in
            try b.withUnsafeMutableBufferPointer { b in
                try c.withUnsafeMutableBufferPointer { c in try body(a, b, c) }
            }
        }
    }

    /// Calls `body` with the buffers of `a` and `b`, read only.
    @inlinable @inline(__always)
    public static func reading<A, B, R>(_ a: [A], _ b: [B],
                                        _ body: (UnsafeBufferPointer<A>, UnsafeBufferPointer<B>) throws -> R) rethrows -> R {
        try a.withUnsafeBufferPointer { a in
            try b.withUnsafeBufferPointer { b in try body(a, b) }
        }
    }
}
