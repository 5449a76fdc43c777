/// What a QR code carries, as far as Papers understands it.
public enum QRPayloadKind: String, Sendable, Hashable, Codable {
    /// An ISO/IEC 18013-5 mobile driving licence device engagement (`mdoc:` + base64url CBOR).
    case mdocDeviceEngagement
    /// Anything else, returned as raw bytes.
    case raw
}

/// A QR code's payload, raw, with its kind.
public struct QRPayload: Sendable, Hashable {
    /// The raw bytes.
    public let bytes: [UInt8]
    /// The kind recognised.
    public let kind: QRPayloadKind
    /// For a device engagement: the CBOR bytes (base64url-decoded).
    public let deviceEngagement: [UInt8]?

    /// Classifies raw QR bytes.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
        let prefix = Array("mdoc:".utf8)
        if bytes.count > prefix.count, Array(bytes.prefix(prefix.count)) == prefix,
           let cbor = Self.base64URLDecode(bytes.dropFirst(prefix.count)), !cbor.isEmpty {
            kind = .mdocDeviceEngagement
            deviceEngagement = cbor
        } else {
            kind = .raw
            deviceEngagement = nil
        }
    }

    /// Decodes base64url without padding (RFC 4648 §5); `nil` on any other character.
    static func base64URLDecode(_ text: some Collection<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer: UInt32 = 0, bits = 0
        for byte in text {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "_"): value = 63
            case UInt8(ascii: "="): continue
            default: return nil
            }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        return out
    }
}
