#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import NIOPosix
import PapersVerification

/// The delivery-time half of the callback address rule: the URL's host resolved now, every
/// address it gives judged by ``CallbackAddress`` (a name can be made to point inside after the
/// verification was created).
enum CallbackHostCheck {
    /// The kind of the first non-public address the URL's host resolves to, or `nil` when every
    /// address is public. A name that does not resolve is left to the HTTP client to fail on.
    static func nonPublicKind(of urlText: String) async -> CallbackAddress.Kind? {
        guard let host = URL(string: urlText)?.host, !host.isEmpty else { return nil }
        if let kind = CallbackAddress.nonPublicKind(ofHost: host) { return kind }
        let name = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        let found = try? await NIOThreadPool.singleton.runIfActive { resolve(name) }
        return found ?? nil
    }

    /// Resolves `host` with `getaddrinfo` and judges each address.
    static func resolve(_ host: String) -> CallbackAddress.Kind? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(list) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let address = current.pointee.ai_addr {
                switch Int32(address.pointee.sa_family) {
                case AF_INET:
                    let v4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt32(bigEndian: $0.pointee.sin_addr.s_addr) }
                    if let kind = CallbackAddress.kind(ofIPv4: v4) { return kind }
                case AF_INET6:
                    let bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                        withUnsafeBytes(of: pointer.pointee.sin6_addr) { [UInt8]($0) }
                    }
                    if let kind = CallbackAddress.kind(ofIPv6: bytes) { return kind }
                default:
                    break
                }
            }
            entry = current.pointee.ai_next
        }
        return nil
    }
}
