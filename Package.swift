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
        .library(name: "PapersRecognition", targets: ["PapersRecognition"]),
        .library(name: "PapersBarcodesZXing", targets: ["PapersBarcodesZXing"]),
        .library(name: "PapersFacesDlib", targets: ["PapersFacesDlib"]),
        .library(name: "PapersCapture", targets: ["PapersCapture"]),
        .executable(name: "papers", targets: ["papers"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "PapersCore",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PapersImaging",
            dependencies: ["PapersCore"],
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
        // dlib's HOG face detector (Debian libdlib-dev) behind a C API written in C++.
        .target(
            name: "CDlibShim",
            linkerSettings: [.linkedLibrary("dlib")]
        ),
        .target(
            name: "PapersFacesDlib",
            dependencies: ["PapersRecognition", "CDlibShim"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PapersCapture",
            dependencies: ["PapersCore", "PapersImaging"],
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
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
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
            dependencies: ["PapersImaging", "PapersImagingCodecs"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PapersRecognitionTests",
            dependencies: ["PapersRecognition", "PapersImaging", "PapersImagingCodecs"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PapersBarcodesZXingTests",
            dependencies: ["PapersBarcodesZXing", "PapersRecognition", "PapersImaging", "PapersImagingCodecs"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PapersFacesDlibTests",
            dependencies: ["PapersFacesDlib", "PapersRecognition", "PapersImaging", "PapersImagingCodecs"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PapersCaptureTests",
            dependencies: ["PapersCapture", "PapersImaging"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PapersCLITests",
            dependencies: ["papers"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
