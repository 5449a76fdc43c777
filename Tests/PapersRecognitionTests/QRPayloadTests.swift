@testable import PapersRecognition
import Testing

@Suite("QR payloads")
struct QRPayloadTests {
    @Test("an mdoc: device engagement is recognised and its CBOR decoded")
    func deviceEngagement() {
        // base64url of the CBOR bytes a2 00 63 31 2e 30 (a map with version "1.0"), unpadded.
        let payload = QRPayload(bytes: Array("mdoc:ogBjMS4w".utf8))
        #expect(payload.kind == .mdocDeviceEngagement)
        #expect(payload.deviceEngagement == [0xA2, 0x00, 0x63, 0x31, 0x2E, 0x30])
    }

    @Test("other payloads stay raw", arguments: ["https://example.com/", "mdoc:", "mdoc:not base64!", "MDOC:ogBjMS4w"])
    func raw(text: String) {
        let payload = QRPayload(bytes: Array(text.utf8))
        #expect(payload.kind == .raw)
        #expect(payload.bytes == Array(text.utf8))
    }
}
