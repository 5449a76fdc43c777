import PapersImaging
import PapersSynthesis

/// Tallies of the barcode evaluation: Papers and the peer on the same photos.
struct BarcodeScore {
    /// One reader's results.
    struct Reader: Encodable {
        /// Readable photos whose PDF417 was read to the exact payload.
        let read: Int
        /// `read` over the readable photos.
        let readRate: Double
        /// Photos of any kind read exactly (the unreadable ones included).
        let readAllPhotos: Int
        /// Photos where a PDF417 came back with bytes other than the payload.
        let wrongPayloads: Int
        /// Median milliseconds per photo.
        let medianMs: Double
        /// Median milliseconds over the photos this reader read exactly: what a successful read
        /// costs, apart from the photos where it tries every view and gives up. Absent when it
        /// read none.
        let medianMsWhenRead: Double?
    }

    struct Summary: Encodable {
        let photos: Int
        let readable: Int
        let barcodeObscuredByGlare: Int
        let papers: Reader
        let peer: Reader
        let peerName: String
        let readByPapersOnly: Int
        let readByPeerOnly: Int

        var text: String {
            func percent(_ rate: Double) -> String { String(format: "%.1f%%", rate * 100) }
            func ms(_ value: Double) -> String { String(format: "%.1f ms", value) }
            return """
            photos                        \(photos)
            readable by a person          \(readable) (\(barcodeObscuredByGlare) left out for glare on the barcode)
                                          Papers            peer
            read exactly (readable)       \(pad("\(papers.read) (\(percent(papers.readRate)))"))\(peer.read) (\(percent(peer.readRate)))
            read exactly (all photos)     \(pad("\(papers.readAllPhotos)"))\(peer.readAllPhotos)
            wrong payloads (goal 0)       \(pad("\(papers.wrongPayloads)"))\(peer.wrongPayloads)
            median time per photo         \(pad(ms(papers.medianMs)))\(ms(peer.medianMs))
            median time, photos read      \(pad(papers.medianMsWhenRead.map(ms) ?? "-"))\(peer.medianMsWhenRead.map(ms) ?? "-")
            read by one only (readable)   \(pad("\(readByPapersOnly)"))\(readByPeerOnly)
            peer: \(peerName)
            Papers: DocumentScanner on the whole photo (analysis, straightening, MRZ search, barcode ladder)
            """
        }

        private func pad(_ text: String) -> String { text.padding(toLength: 18, withPad: " ", startingAt: 0) }
    }

    static let peerName = "zxing-cpp 1.4, one pass (Configuration.singlePass), on the document straightened with the true corners"

    var photos = 0, readable = 0, obscured = 0
    var papersRead = 0, papersAll = 0, papersWrong = 0, peerRead = 0, peerAll = 0, peerWrong = 0
    var papersOnly = 0, peerOnly = 0
    var papersTimes: [Double] = [], peerTimes: [Double] = []
    /// The times of the photos each reader read exactly.
    var papersReadTimes: [Double] = [], peerReadTimes: [Double] = []

    /// Scores one photo; returns what went wrong (a miss on a readable photo, a wrong payload on any), or `nil`.
    mutating func add(papers: [[UInt8]], papersTime: Duration, peer: [[UInt8]], peerTime: Duration,
                      payload: [UInt8], truth: SyntheticPhotoTruth) -> String? {
        photos += 1
        papersTimes.append(Self.milliseconds(papersTime))
        peerTimes.append(Self.milliseconds(peerTime))
        let isReadable = truth.isReadableByPerson
        if isReadable { readable += 1 }
        if truth.barcodeObscuredByGlare == true { obscured += 1 }
        let papersExact = papers.contains(payload), peerExact = peer.contains(payload)
        if papers.contains(where: { $0 != payload }) { papersWrong += 1 }
        if peer.contains(where: { $0 != payload }) { peerWrong += 1 }
        if papersExact {
            papersAll += 1
            papersReadTimes.append(Self.milliseconds(papersTime))
        }
        if peerExact {
            peerAll += 1
            peerReadTimes.append(Self.milliseconds(peerTime))
        }
        if let wrong = papers.first(where: { $0 != payload }) ?? peer.first(where: { $0 != payload }) {
            // Where the bytes part, never the bytes: the payload is a (made-up) person's data.
            let from = zip(wrong, payload).prefix { $0 == $1 }.count
            let who = papers.contains(wrong) ? "Papers" : "peer"
            return "\(who) WRONG PAYLOAD (\(wrong.count) bytes for \(payload.count), first difference at byte \(from))"
                + (isReadable ? "" : ", on a photo nobody could read")
        }
        guard isReadable else { return nil }
        if papersExact { papersRead += 1 }
        if peerExact { peerRead += 1 }
        if papersExact && !peerExact { papersOnly += 1 }
        if peerExact && !papersExact { peerOnly += 1 }
        switch (papersExact, peerExact) {
        case (true, true): return nil
        case (true, false): return "peer missed"
        case (false, true): return "Papers missed (peer read it)"
        case (false, false): return "both missed"
        }
    }

    var summary: Summary {
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        }
        func rate(_ read: Int) -> Double { readable == 0 ? 0 : Double(read) / Double(readable) }
        return Summary(
            photos: photos, readable: readable, barcodeObscuredByGlare: obscured,
            papers: Reader(read: papersRead, readRate: rate(papersRead), readAllPhotos: papersAll,
                           wrongPayloads: papersWrong, medianMs: median(papersTimes),
                           medianMsWhenRead: papersReadTimes.isEmpty ? nil : median(papersReadTimes)),
            peer: Reader(read: peerRead, readRate: rate(peerRead), readAllPhotos: peerAll,
                         wrongPayloads: peerWrong, medianMs: median(peerTimes),
                         medianMsWhenRead: peerReadTimes.isEmpty ? nil : median(peerReadTimes)),
            peerName: Self.peerName, readByPapersOnly: papersOnly, readByPeerOnly: peerOnly)
    }

    static func milliseconds(_ duration: Duration) -> Double { BenchTiming.milliseconds(duration) }
}
