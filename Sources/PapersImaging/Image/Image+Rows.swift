extension Image {
    /// An image's rows as raw memory, read only: `rows[y]` is the first byte of row `y`, and
    /// rows are `bytesPerRow` apart. What the hot loops read pixels through.
    public struct Rows {
        /// The first byte of row 0.
        public let base: UnsafePointer<UInt8>
        /// Bytes from one row to the next.
        public let bytesPerRow: Int

        /// Rows starting at `base`, `bytesPerRow` apart.
        @inlinable
        public init(base: UnsafePointer<UInt8>, bytesPerRow: Int) {
            self.base = base
            self.bytesPerRow = bytesPerRow
        }

        /// The first byte of row `y`.
        @inlinable @inline(__always)
        public subscript(y: Int) -> UnsafePointer<UInt8> { base + y &* bytesPerRow }
    }

    /// Calls `body` with the image's rows; the pointers are valid only inside it.
    @inlinable @inline(__always)
    public func withUnsafeRows<R>(_ body: (Rows) throws -> R) rethrows -> R {
        try pixels.withUnsafeBufferPointer { buffer in
            // An image holds at least one pixel, so its array is never empty.
            try body(Rows(base: buffer.baseAddress!, bytesPerRow: bytesPerRow))
        }
    }
}
