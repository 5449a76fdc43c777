// libFuzzer target for the AAMVA parser. Built by Fuzz/run.sh together with the PapersCore
// sources; not part of the Swift package. Any byte sequence must parse or throw AAMVAError.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAAMVA(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let document = try? AAMVAParser.parse(bytes) {
        _ = document.documentData
    }
    _ = try? AAMVAParser.parseHeader(bytes)
    return 0
}
