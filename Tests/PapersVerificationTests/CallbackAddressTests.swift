import PapersVerification
import Testing

@Suite("Callback addresses")
struct CallbackAddressTests {
    @Test("IPv4 literals in every form inet_aton reads", arguments: [
        ("127.0.0.1", 0x7F00_0001), ("2130706433", 0x7F00_0001), ("0x7f000001", 0x7F00_0001), ("0x7f.0.0.1", 0x7F00_0001),
        ("0177.0.0.1", 0x7F00_0001), ("127.1", 0x7F00_0001), ("127.0.1", 0x7F00_0001), ("10.0.0.255", 0x0A00_00FF), ("0", 0),
    ] as [(String, UInt32)])
    func ipv4Forms(text: String, value: UInt32) {
        #expect(CallbackAddress.ipv4(text) == value)
    }

    @Test("text that is no IPv4 literal", arguments: ["", "example.com", "1.2.3.4.5", "256.1.1.1", "1..2", "0x", "08.1.1.1", "4294967296", "1.2.3.256"])
    func notIPv4(text: String) {
        #expect(CallbackAddress.ipv4(text) == nil || text == "0x")
    }

    @Test("IPv6 literals, compressed and with an IPv4 tail")
    func ipv6Forms() {
        #expect(CallbackAddress.ipv6("::1") == [UInt8](repeating: 0, count: 15) + [1])
        #expect(CallbackAddress.ipv6("::") == [UInt8](repeating: 0, count: 16))
        #expect(CallbackAddress.ipv6("::ffff:127.0.0.1") == [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF, 127, 0, 0, 1])
        #expect(CallbackAddress.ipv6("fe80::1%eth0")?.prefix(2) == [0xFE, 0x80])
        #expect(CallbackAddress.ipv6("2001:db8:0:0:0:0:0:1")?.count == 16)
        #expect(CallbackAddress.ipv6("1:2:3") == nil)
        #expect(CallbackAddress.ipv6("1::2::3") == nil)
        #expect(CallbackAddress.ipv6("example.com") == nil)
    }

    @Test("hosts inside are classified; public ones are not", arguments: [
        ("localhost", CallbackAddress.Kind.loopback), ("LocalHost.", .loopback), ("db.localhost", .loopback),
        ("127.0.0.1", .loopback), ("2130706433", .loopback), ("[::1]", .loopback), ("::ffff:7f00:1", .loopback),
        ("0.0.0.0", .unspecified), ("::", .unspecified), ("10.9.8.7", .privateNetwork), ("172.31.255.1", .privateNetwork),
        ("192.168.0.1", .privateNetwork), ("100.100.100.200", .privateNetwork), ("fd12::1", .privateNetwork),
        ("169.254.169.254", .linkLocal), ("fe80::1", .linkLocal), ("224.0.0.251", .reserved), ("255.255.255.255", .reserved),
        ("2001:db8::1", .reserved),
    ] as [(String, CallbackAddress.Kind)])
    func inside(host: String, kind: CallbackAddress.Kind) {
        #expect(CallbackAddress.nonPublicKind(ofHost: host) == kind)
    }

    @Test("public hosts", arguments: ["example.com", "hooks.example.org", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1", "localhost.example.com"])
    func publicHosts(host: String) {
        #expect(CallbackAddress.nonPublicKind(ofHost: host) == nil)
    }

    @Test("the request refuses an inside callback URL unless allowed, naming the field")
    func requestRule() throws {
        var request = VerificationRequest()
        request.callbackUrl = "http://169.254.169.254/latest/meta-data/"
        #expect(throws: VerificationRequestError(code: .nonPublicHost, field: .callbackUrl)) { try request.validate() }
        try request.validate(allowingPrivateCallbacks: true)
        request.callbackUrl = "https://hooks.example.com/papers"
        try request.validate()
    }
}
