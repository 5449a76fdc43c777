import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How long a client may take and how many connections it may hold.
public struct ConnectionLimits: Sendable, Hashable {
    /// The most connections open at once; one more is closed as soon as it opens. The server also
    /// keeps this under half the process's open-file limit, so that the database and image files
    /// always have descriptors left.
    public var maximumConnections = 1000
    /// How long a connection may take to send a complete request head, counted from its opening
    /// or from the previous response: an idle keep-alive connection is closed after this too.
    public var headerTimeout: TimeAmount = .seconds(20)
    /// How long a request's whole body may take to arrive (a 15 MB upload at 500 kbit/s fits).
    public var bodyTimeout: TimeAmount = .seconds(300)
    /// How long a request body may pause before its connection is closed.
    public var idleTimeout: TimeAmount = .seconds(30)

    /// Creates the default limits.
    public init() {}

    /// ``maximumConnections``, kept under half the open-file limit the process runs with.
    public var effectiveMaximumConnections: Int {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(Int32.max) else { return maximumConnections }
        return max(1, min(maximumConnections, Int(clamping: limit.rlim_cur) / 2))
    }
}
