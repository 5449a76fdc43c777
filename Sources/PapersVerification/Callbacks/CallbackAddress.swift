import Foundation

/// Which hosts a callback may be sent to: the public internet only, unless the operator opts in.
///
/// A callback URL is chosen by whoever creates a verification, and the server then `POST`s to
/// it: a URL naming the server's own machine, its network or a cloud's metadata service would
/// let an API client reach inside (server-side request forgery). This classifies a host — an IP
/// literal in any of the forms URL parsers accept (dotted, decimal, hexadecimal or octal IPv4,
/// bracketed IPv6) or a name — and the addresses a name resolves to.
public enum CallbackAddress {
    /// Why a host is not a public address.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// This machine: 127.0.0.0/8, ::1, `localhost`.
        case loopback
        /// No address: 0.0.0.0/8, ::.
        case unspecified
        /// RFC 1918 (10/8, 172.16/12, 192.168/16), carrier-grade NAT (100.64/10), unique local
        /// IPv6 (fc00::/7).
        case privateNetwork
        /// 169.254/16 (cloud metadata services live here), fe80::/10.
        case linkLocal
        /// Multicast, broadcast and the ranges reserved for documentation and future use.
        case reserved
    }

    /// The kind of a URL's host when it is not public, from the text alone (no name is resolved):
    /// `nil` for a public IP literal or a name other than `localhost`.
    public static func nonPublicKind(ofHost host: String) -> Kind? {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        while name.hasSuffix(".") { name.removeLast() }
        if name == "localhost" || name.hasSuffix(".localhost") { return .loopback }
        if let v4 = ipv4(name) { return kind(ofIPv4: v4) }
        if let v6 = ipv6(name) { return kind(ofIPv6: v6) }
        return nil
    }

    /// The kind of an IPv4 address when it is not public.
    public static func kind(ofIPv4 address: UInt32) -> Kind? {
        let a = address >> 24, b = (address >> 16) & 0xFF
        switch a {
        case 0: return .unspecified
        case 127: return .loopback
        case 10: return .privateNetwork
        case 172 where (16...31).contains(b): return .privateNetwork
        case 192 where b == 168: return .privateNetwork
        case 100 where (64...127).contains(b): return .privateNetwork
        case 169 where b == 254: return .linkLocal
        case 224...255: return .reserved
        case 192 where b == 0 && (address >> 8) & 0xFF == 2: return .reserved
        case 198 where b == 51 && (address >> 8) & 0xFF == 100: return .reserved
        case 203 where b == 0 && (address >> 8) & 0xFF == 113: return .reserved
        case 198 where b == 18 || b == 19: return .reserved
        default: return nil
        }
    }

    /// The kind of an IPv6 address (16 bytes) when it is not public; IPv4-mapped and -compatible
    /// addresses are judged as the IPv4 address they carry.
    public static func kind(ofIPv6 bytes: [UInt8]) -> Kind? {
        guard bytes.count == 16 else { return .reserved }
        if bytes.allSatisfy({ $0 == 0 }) { return .unspecified }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return .loopback }
        let embedded = bytes[12..<16].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && ((bytes[10] == 0xFF && bytes[11] == 0xFF) || (bytes[10] == 0 && bytes[11] == 0)) {
            return kind(ofIPv4: embedded)
        }
        if bytes[0] & 0xFE == 0xFC { return .privateNetwork }
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return .linkLocal }
        if bytes[0] == 0xFF { return .reserved }
        if bytes[0] == 0x20 && bytes[1] == 0x01 && bytes[2] == 0x0D && bytes[3] == 0xB8 { return .reserved }
        return nil
    }

    /// An IPv4 literal as `inet_aton` reads it (and so do the URL parsers of most HTTP clients):
    /// one to four parts, each decimal, `0x` hexadecimal or `0` octal, the last filling the
    /// remaining bytes (`127.1`, `2130706433`, `0x7f.0.0.1`).
    public static func ipv4(_ text: String) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var values: [UInt64] = []
        for part in parts {
            guard !part.isEmpty else { return nil }
            let value: UInt64?
            if part.hasPrefix("0x") || part.hasPrefix("0X") {
                value = part.count == 2 ? 0 : UInt64(part.dropFirst(2), radix: 16)
            } else if part.count > 1 && part.hasPrefix("0") {
                value = UInt64(part.dropFirst(), radix: 8)
            } else {
                value = UInt64(part, radix: 10)
            }
            guard let value, value <= UInt64(UInt32.max) else { return nil }
            values.append(value)
        }
        let leading = values.dropLast()
        guard leading.allSatisfy({ $0 <= 255 }) else { return nil }
        let lastBits = 8 * (4 - leading.count)
        guard values.last! < (UInt64(1) << lastBits) else { return nil }
        var address: UInt64 = 0
        for (index, value) in leading.enumerated() { address |= value << (24 - 8 * index) }
        return UInt32(address | values.last!)
    }

    /// An IPv6 literal's 16 bytes (with `::` and an embedded dotted IPv4 tail); a zone
    /// (`%eth0`) is ignored.
    public static func ipv6(_ text: String) -> [UInt8]? {
        let address = text.split(separator: "%", maxSplits: 1).first.map(String.init) ?? text
        guard address.contains(":") else { return nil }
        let halves = address.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [UInt16]? {
            guard !part.isEmpty else { return [] }
            var out: [UInt16] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains("."), let v4 = ipv4(String(piece)), piece.split(separator: ".").count == 4 {
                    out += [UInt16(v4 >> 16), UInt16(v4 & 0xFFFF)]
                } else {
                    guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else { return nil }
                    out.append(value)
                }
            }
            return out
        }
        guard let head = groups(halves[0]) else { return nil }
        let tail = halves.count == 2 ? groups(halves[1]) : []
        guard let tail else { return nil }
        let missing = 8 - head.count - tail.count
        guard halves.count == 2 ? missing >= 1 : missing == 0 else { return nil }
        let all = head + [UInt16](repeating: 0, count: halves.count == 2 ? missing : 0) + tail
        return all.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
}
