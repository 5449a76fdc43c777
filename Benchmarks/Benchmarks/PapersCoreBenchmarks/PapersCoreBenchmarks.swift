import Benchmark
import Foundation
import PapersCore

/// Fixed inputs shared by the benchmarks, read or built once.
enum Fixtures {
    /// The repository's root, found from this file's place in `Benchmarks/Benchmarks/PapersCoreBenchmarks/`.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // PapersCoreBenchmarks
        .deletingLastPathComponent()  // Benchmarks (targets)
        .deletingLastPathComponent()  // Benchmarks (package)
        .deletingLastPathComponent()  // repository

    /// A fixed day, so that two-digit years resolve the same way on every run.
    static let today = CalendarDate(year: 2025, month: 6, day: 1)!

    /// The ICAO 9303 TD3 specimen (passport).
    static let td3 = [
        "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
        "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
    ]

    /// The ICAO 9303 TD1 specimen (identity card).
    static let td1 = [
        "I<UTOD231458907<<<<<<<<<<<<<<<",
        "7408122F1204159UTO<<<<<<<<<<<6",
        "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
    ]

    /// The TD3 specimen as an OCR might read it: `0`→`O` in the birth date, `1`→`I` in the expiry date.
    static let td3Misread = [
        "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
        "L898902C36UTO74O8122F12O4I59ZE184226B<<<<<10",
    ]

    /// An AAMVA payload: a repository sample, else one from `shared/data/aamva` beside the repository.
    static func aamva(_ name: String) -> [UInt8]? {
        let candidates = [
            repositoryRoot.appendingPathComponent("Sources/papers/Samples/aamva/\(name)"),
            repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/aamva/\(name)"),
        ]
        for url in candidates {
            if let data = try? Data(contentsOf: url) { return [UInt8](data) }
        }
        return nil
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000
    )

    Benchmark("MRZ parse TD3") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try MRZParser.parse(lines: Fixtures.td3, today: Fixtures.today))
        }
    }

    Benchmark("MRZ parse TD1") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try MRZParser.parse(lines: Fixtures.td1, today: Fixtures.today))
        }
    }

    Benchmark("MRZ check digit (TD3 line 2, 43 chars)") { benchmark in
        let text = String(Fixtures.td3[1].dropLast())
        for _ in benchmark.scaledIterations {
            blackHole(MRZCheckDigit.compute(text))
        }
    }

    Benchmark("MRZ correction (TD3, 2 fixes)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try MRZCorrector.correct(lines: Fixtures.td3Misread))
        }
    }

    Benchmark("MRZ correction (TD3, nothing to fix)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try MRZCorrector.correct(lines: Fixtures.td3))
        }
    }

    // AAMVA: the v10 sample of the repository; v8 sample; a v1 payload from shared data when present.
    let aamvaPayloads: [(String, String)] = [
        ("AAMVA parse v10 (DL)", "dl-v10-synthetic.txt"),
        ("AAMVA parse v8 (ID)", "id-v8-ontario-synthetic.txt"),
        ("AAMVA parse v1", "benhovinga_v1.txt"),
    ]
    for (name, file) in aamvaPayloads {
        guard let payload = Fixtures.aamva(file) else { continue }
        Benchmark(name) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try AAMVAParser.parse(payload))
            }
        }
    }
}
