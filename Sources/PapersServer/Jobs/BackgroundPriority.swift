#if canImport(Glibc)
import Glibc
#endif

/// Reading photos is background work: on Linux the threads that do it run at a lower scheduling
/// priority (nice 10), so the HTTP event loops keep answering quickly while the cores are busy.
enum BackgroundPriority {
    /// Lowers the calling thread's priority (once; a no-op elsewhere than Linux).
    static func lowerCurrentThread() {
        #if os(Linux)
        // On Linux the nice value belongs to the thread, and `who == 0` names the calling one.
        if getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) < 10 {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        }
        #endif
    }
}
