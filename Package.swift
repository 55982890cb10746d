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
        .executable(name: "umbrella", targets: ["umbrella"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        .target(
            name: "ChineseText",
            resources: [.copy("Data")],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "umbrella",
            dependencies: [
                "ChineseText",
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
            name: "umbrellaTests",
            dependencies: ["umbrella"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
