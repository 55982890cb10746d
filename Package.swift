// swift-tools-version: 6.1
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Umbrella",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "ChineseText", targets: ["ChineseText"]),
        .library(name: "Reading", targets: ["Reading"]),
        .library(name: "Learning", targets: ["Learning"]),
        .library(name: "UmbrellaAPI", targets: ["UmbrellaAPI"]),
        .library(name: "Scanning", targets: ["Scanning"]),
        .library(name: "Serials", targets: ["Serials"]),
        .executable(name: "umbrella", targets: ["umbrella"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/vapor/vapor", from: "4.115.0"),
        .package(url: "https://github.com/vapor/fluent-kit", from: "1.52.0"),
        .package(url: "https://github.com/vapor/fluent", from: "4.12.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver", from: "4.8.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver", from: "2.10.0"),
        .package(url: "https://github.com/JohnSundell/Plot", from: "0.14.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
    ],
    targets: [
        // Foundation only: lexicon, pinyin, segmentation, grading.
        .target(
            name: "ChineseText",
            resources: [.copy("Data")],
            swiftSettings: strictSettings
        ),
        // Foundation only: books, pages, word marks, reading sessions and the rules that govern them.
        .target(
            name: "Reading",
            dependencies: ["ChineseText"],
            swiftSettings: strictSettings
        ),
        // Foundation only: proficiency estimate, placement passage, and the learner simulation that measures them.
        .target(
            name: "Learning",
            dependencies: ["ChineseText"],
            exclude: ["ProficiencyModel.md"],
            swiftSettings: strictSettings
        ),
        // Foundation only: photographed pages to text: the TextRecognizer protocol, image header
        // checks, reading order, scan jobs and their background processing.
        .target(
            name: "Scanning",
            dependencies: ["Reading"],
            swiftSettings: strictSettings
        ),
        // Foundation only: Apple serial-number grammar, decoding, correction and candidate ranking.
        .target(
            name: "Serials",
            swiftSettings: strictSettings
        ),
        // Foundation only: the PP-OCR worker processes (workers/ocr) behind Scanning's TextRecognizer.
        .target(
            name: "OCRWorker",
            dependencies: ["Scanning"],
            swiftSettings: strictSettings
        ),
        // EPUB container reading (ZIP with size limits); Foundation + ZIPFoundation, importable on iOS.
        .target(
            name: "EPUB",
            dependencies: [.product(name: "ZIPFoundation", package: "ZIPFoundation")],
            swiftSettings: strictSettings
        ),
        // Foundation only: wire DTOs and the route contract shared with clients.
        .target(
            name: "UmbrellaAPI",
            dependencies: ["Reading", "Scanning", "Serials"],
            swiftSettings: strictSettings
        ),
        // Fluent models, migrations and repositories (FluentKit, no Vapor).
        .target(
            name: "UmbrellaStorage",
            dependencies: [
                "Reading", "Learning", "Scanning",
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "FluentSQL", package: "fluent-kit"),
            ],
            swiftSettings: strictSettings
        ),
        // The Vapor app: configure, routes, controllers, Plot views.
        .target(
            name: "UmbrellaWeb",
            dependencies: [
                "ChineseText", "Reading", "Learning", "EPUB", "UmbrellaAPI", "UmbrellaStorage",
                "Scanning", "Serials", "OCRWorker",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "Plot", package: "Plot"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "umbrella",
            dependencies: [
                "ChineseText", "Learning", "UmbrellaWeb", "Scanning", "Serials", "OCRWorker",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ChineseTextTests",
            dependencies: ["ChineseText"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReadingTests",
            dependencies: ["Reading"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LearningTests",
            dependencies: ["Learning", "ChineseText"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ScanningTests",
            dependencies: ["Scanning", "OCRWorker", "Reading"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SerialsTests",
            dependencies: ["Serials"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "EPUBTests",
            dependencies: ["EPUB", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "UmbrellaWebTests",
            dependencies: [
                "UmbrellaWeb", "UmbrellaStorage",
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "FluentSQL", package: "fluent-kit"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "umbrellaTests",
            dependencies: ["umbrella"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
