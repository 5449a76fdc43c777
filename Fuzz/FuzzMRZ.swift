// libFuzzer target for the MRZ parser and corrector. Built by Fuzz/run.sh together with the
// PapersCore sources; not part of the Swift package.
//
// Half the inputs go in as raw text. The other half are shaped into a well-formed MRZ (a
// format picked by the first byte, the rest mapped onto `A–Z0–9<`), so that the fuzzer spends
// its time in field reading, check digits, dates and correction rather than in the length check.

private let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<<<<<<OISBZGL".utf8)
private let shapes: [(lines: Int, width: Int)] = [(3, 30), (2, 36), (2, 44)]
private let today = CalendarDate(year: 2026, month: 11, day: 23)!

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMRZ(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let selector = bytes.first else { return 0 }
    if selector & 1 == 0 {
        _ = try? MRZParser.parse(text: String(decoding: bytes.dropFirst(), as: UTF8.self), today: today)
        return 0
    }
    let shape = shapes[Int(selector >> 1) % shapes.count]
    var body = bytes.dropFirst().map { alphabet[Int($0) % alphabet.count] }
    body += Array(repeating: UInt8(ascii: "<"), count: max(0, shape.lines * shape.width - body.count))
    let lines = (0..<shape.lines).map { index in
        String(decoding: body[(index * shape.width)..<((index + 1) * shape.width)], as: UTF8.self)
    }
    if let document = try? MRZParser.parse(lines: lines, today: today) {
        precondition(document.mrzData != nil, "a parsed MRZ must carry its mrzData")
    }
    if let corrected = try? MRZCorrector.correct(lines: lines) {
        precondition(corrected.lines.map(\.count) == lines.map(\.count), "correction must keep line lengths")
    }
    return 0
}
