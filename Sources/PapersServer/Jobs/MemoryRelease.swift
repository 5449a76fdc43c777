#if canImport(Glibc)
import Glibc
#endif

/// Hands the heap's free memory back to the kernel after a job: a large photo's buffers would
/// otherwise stay resident in the process for good (glibc keeps freed memory for reuse).
enum MemoryRelease {
    /// `malloc_trim(0)` where glibc has it (looked up: <malloc.h> is not in the Glibc module).
    static func trim() {
        #if canImport(Glibc)
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }
}
