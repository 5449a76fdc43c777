// swift-tools-version:6.0
import PackageDescription

/// Settings shared by every target: Swift 6 language mode with strict concurrency.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Papers",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "PapersCore", targets: ["PapersCore"]),
        .library(name: "PapersImaging", targets: ["PapersImaging"]),
        .library(name: "PapersImagingCodecs", targets: ["PapersImagingCodecs"]),
        .library(name: "PapersSynthesis", targets: ["PapersSynthesis"]),
        .library(name: "PapersRecognition", targets: ["PapersRecognition"]),
        .library(name: "PapersBarcodesZXing", targets: ["PapersBarcodesZXing"]),
        .library(name: "PapersFacesDlib", targets: ["PapersFacesDlib"]),
        .library(name: "PapersTextTesseract", targets: ["PapersTextTesseract"]),
        .library(name: "PapersVerification", targets: ["PapersVerification"]),
        .library(name: "PapersCapture", targets: ["PapersCapture"]),
        .library(name: "PapersClient", targets: ["PapersClient"]),
        .library(name: "PapersServer", targets: ["PapersServer"]),
        .executable(name: "papers", targets: ["papers"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.30.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.27.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.20.0"),
    ],
    targets: [
        .target(
            name: "PapersCore",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PapersImaging",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CImageCodecs",
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16")]
        ),
        .target(
            name: "PapersImagingCodecs",
            dependencies: ["PapersImaging", "CImageCodecs"],
            swiftSettings: swiftSettings
        ),
        // FreeType (Debian libfreetype-dev): the independent MRZ renderer rasterises OCR-B with it.
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        // Synthetic documents, photos and licences with ground truth, for tests, evaluation and `papers synth`.
        .target(
            name: "PapersSynthesis",
            dependencies: ["PapersCore", "PapersImaging", "CFreeType"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PapersRecognition",
            dependencies: ["PapersCore", "PapersImaging"],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        // zxing-cpp (Debian libzxing-dev) behind a C API written in C++.
        .target(
            name: "CZXingShim",
            linkerSettings: [.linkedLibrary("ZXing")]
        ),
        .target(
            name: "PapersBarcodesZXing",
            dependencies: ["PapersRecognition", "CZXingShim"],
            swiftSettings: swiftSettings
        ),
        // dlib (Debian libdlib-dev) behind a C API written in C++: the HOG face detector, the shape
        // predictors, face alignment and the ResNet face descriptor.
        .target(
            name: "CDlibShim",
            // dlib is header templates compiled into this one file: at -O0 a 640×480 detection takes
            // 3.5 s instead of 25 ms, and the ResNet is no better, so debug builds optimise it too.
            // (Unsafe flags are fine for a root or path dependency, not for a version-pinned one.)
            cxxSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))],
            linkerSettings: [
                .linkedLibrary("dlib"),
                // Debian's dlib is built with DLIB_USE_BLAS and DLIB_USE_LAPACK, so its headers call
                // CBLAS (cblas_*) and LAPACK (dgesvd_) from our object file. libdlib pulls in
                // libblas.so.3 and liblapack.so.3, but the unversioned names come only with
                // libblas-dev/liblapack-dev, hence the exact file names.
                .linkedLibrary(":libblas.so.3", .when(platforms: [.linux])),
                .linkedLibrary(":liblapack.so.3", .when(platforms: [.linux])),
            ]
        ),
        .target(
            name: "PapersFacesDlib",
            dependencies: ["PapersRecognition", "CDlibShim"],
            swiftSettings: swiftSettings
        ),
        // Tesseract 5 (Debian libtesseract-dev, tesseract-ocr-eng) behind a small C API over its C API.
        // libtesseract links libgomp, so the shim also calls the OpenMP runtime to keep one thread.
        .target(
            name: "CTesseractShim",
            linkerSettings: [.linkedLibrary("tesseract"), .linkedLibrary("lept"), .linkedLibrary("gomp", .when(platforms: [.linux]))]
        ),
        .target(
            name: "PapersTextTesseract",
            dependencies: ["PapersRecognition", "CTesseractShim"],
            swiftSettings: swiftSettings
        ),
        // Pure verification: the request and its validation, the decision rules, the processor and the
        // public wire types of the HTTP API. No server library, so the CLI and the client link it alone.
        .target(
            name: "PapersVerification",
            dependencies: ["PapersCore", "PapersImaging", "PapersRecognition"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PapersCapture",
            dependencies: ["PapersCore", "PapersImaging", "PapersRecognition"],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        // The SDK: durable upload queue (GRDB), the API on the wire types (AsyncHTTPClient), observers.
        .target(
            name: "PapersClient",
            dependencies: [
                "PapersCore",
                "PapersImaging",
                "PapersRecognition",
                "PapersVerification",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // The verification server: HTTP API (Hummingbird), SQLite store (GRDB), durable jobs,
        // signed callbacks (AsyncHTTPClient), AES-GCM at rest (swift-crypto).
        .target(
            name: "PapersServer",
            dependencies: [
                "PapersCore",
                "PapersImaging",
                "PapersImagingCodecs",
                "PapersRecognition",
                "PapersVerification",
                "PapersCapture",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "papers",
            dependencies: [
                "PapersCore",
                "PapersImaging",
                "PapersImagingCodecs",
                "PapersRecognition",
                "PapersBarcodesZXing",
                "PapersFacesDlib",
                "PapersTextTesseract",
                "PapersSynthesis",
                "PapersVerification",
                "PapersCapture",
                "PapersClient",
                "PapersServer",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Samples")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PapersCoreTests",
            dependencies: ["PapersCore"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PapersImagingTests",
            dependencies: ["PapersImaging", "PapersImagingCodecs", "PapersSynthesis"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PapersRecognitionTests",
            dependencies: ["PapersRecognition", "PapersImaging", "PapersImagingCodecs", "PapersSynthesis"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PapersBarcodesZXingTests",
            dependencies: ["PapersBarcodesZXing", "PapersRecognition", "PapersImaging", "PapersImagingCodecs", "PapersSynthesis"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PapersFacesDlibTests",
            dependencies: ["PapersFacesDlib", "PapersRecognition", "PapersImaging", "PapersImagingCodecs", "PapersSynthesis", "PapersCapture"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PapersTextTesseractTests",
            dependencies: ["PapersTextTesseract", "PapersRecognition", "PapersImaging", "PapersSynthesis"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PapersSynthesisTests",
            dependencies: ["PapersSynthesis", "PapersImaging", "PapersCore"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PapersVerificationTests",
            dependencies: ["PapersVerification", "PapersRecognition", "PapersImaging", "PapersImagingCodecs", "PapersCore"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PapersClientTests",
            dependencies: ["PapersClient", "PapersVerification", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PapersCaptureTests",
            dependencies: ["PapersCapture", "PapersImaging", "PapersSynthesis"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PapersServerTests",
            dependencies: [
                "PapersServer",
                "PapersSynthesis",
                "PapersCapture",
                "PapersVerification",
                "PapersBarcodesZXing",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                "PapersImagingCodecs",
                "PapersImaging",
                "PapersRecognition",
                "PapersCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PapersCLITests",
            dependencies: ["papers", "PapersImaging", "PapersImagingCodecs"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
