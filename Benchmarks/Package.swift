// swift-tools-version:6.1
import PackageDescription

/// SwiftPM names a path dependency after its folder, so the repository's own folder name
/// (`main`, or whatever a clone is called) is what `.product(package:)` must say.
let papersIdentity = Context.packageDirectory.split(separator: "/").dropLast().last.map { $0.lowercased() } ?? "papers"

// A package of its own, so that users of Papers never resolve the benchmark dependencies.
// Run with `swift package benchmark` from this folder.
let package = Package(
    name: "PapersBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        // Only the malloc interposer: naming the traits turns off the default
        // "RuntimeInterposer", whose package is not needed here.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "PapersCoreBenchmarks",
            dependencies: [
                .product(name: "PapersCore", package: papersIdentity),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/PapersCoreBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ]
)
