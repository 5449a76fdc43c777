#if canImport(Glibc)
import Glibc
#endif

/// How the C allocator treats the large, short-lived buffers of image work.
///
/// Every frame allocates a few image-sized buffers (a 1920×1080 frame is 6 MB in colour) and
/// frees them at the end. glibc hands buffers above its mmap threshold straight back to the
/// kernel, so the next frame's buffers fault in and are zeroed page by page again: about 5% of
/// a scan's time. Raising the threshold keeps freed buffers in the heap for the next frame; a
/// scan of one photo or a server handling many pays for its peak working set once.
enum MemoryTuning {
    /// Buffers up to this size come from the heap, not from fresh mappings: a 4K colour frame.
    static let mmapThreshold: Int32 = 32 << 20
    /// Free memory at the top of the heap up to this size is kept, not returned to the kernel.
    static let trimThreshold: Int32 = 128 << 20

    /// Applies the settings (on glibc; elsewhere the allocator's defaults stay).
    static func apply() {
        #if canImport(Glibc)
        // `mallopt` is in <malloc.h>, which the Glibc module does not export: look it up.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(mmapThresholdParameter, mmapThreshold)
        _ = mallopt(trimThresholdParameter, trimThreshold)
        #endif
    }

    /// glibc's `M_MMAP_THRESHOLD` and `M_TRIM_THRESHOLD` (<malloc.h>).
    private static let mmapThresholdParameter: Int32 = -3
    private static let trimThresholdParameter: Int32 = -1
}
