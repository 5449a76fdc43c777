import Crypto
import Foundation

/// The `Papers-Signature` header of callbacks: `t=<unix seconds>,v1=<hex HMAC-SHA256>` over
/// `"<t>.<raw body>"` with the tenant's webhook secret.
///
/// Receivers recompute the HMAC over the raw body they got, compare in constant time, and refuse
/// timestamps far from their clock (replays). ``verify(header:body:secret:now:tolerance:)`` does that.
public enum WebhookSignature {
    /// The header name.
    public static let headerName = "Papers-Signature"

    /// The header value for `body` sent at `timestamp`.
    public static func header(body: Data, secret: String, timestamp: Int) -> String {
        "t=\(timestamp),v1=\(hex(mac(body: body, secret: secret, timestamp: timestamp)))"
    }

    /// Whether `header` is a valid signature of `body` made within `tolerance` seconds of `now`.
    public static func verify(header: String, body: Data, secret: String, now: Date = Date(), tolerance: TimeInterval = 300) -> Bool {
        var timestamp: Int?
        var signatures: [String] = []
        for part in header.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            if pair[0] == "t" { timestamp = Int(pair[1]) }
            if pair[0] == "v1" { signatures.append(pair[1].lowercased()) }
        }
        guard let timestamp, abs(now.timeIntervalSince1970 - Double(timestamp)) <= tolerance else { return false }
        let expected = mac(body: body, secret: secret, timestamp: timestamp)
        return signatures.contains { candidate in
            guard let bytes = unhex(candidate) else { return false }
            return HMAC<SHA256>.isValidAuthenticationCode(bytes, authenticating: signedPayload(body: body, timestamp: timestamp), using: SymmetricKey(data: Data(secret.utf8)))
                && bytes.count == expected.count
        }
    }

    static func signedPayload(body: Data, timestamp: Int) -> Data {
        var payload = Data("\(timestamp).".utf8)
        payload.append(body)
        return payload
    }

    static func mac(body: Data, secret: String, timestamp: Int) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: signedPayload(body: body, timestamp: timestamp), using: SymmetricKey(data: Data(secret.utf8))))
    }

    static func hex(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined() }

    static func unhex(_ text: String) -> Data? {
        guard text.count % 2 == 0 else { return nil }
        var data = Data(capacity: text.count / 2)
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
            data.append(byte)
            index = next
        }
        return data
    }
}
