// swift-tools-version: 6.0
// A front end of Discover in its own package, as an adopter writes one: it depends on the library by
// path, implements `Presenter`, and builds the app with one `DiscoverApp` call.
import PackageDescription

let package = Package(
    name: "MinimalFrontEnd",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        // The repository's root package (an app would name a release: `.package(url:from:)`).
        .package(name: "Discover", path: "../..")
    ],
    targets: [
        // A terminal front end: signs in as a demo user, likes a card, logs out answering the alert.
        .executableTarget(
            name: "MinimalFrontEnd",
            dependencies: [
                // `Discover` brings the modules Flows (Presenter, the ids) and Models (Screen, Intent).
                .product(name: "Discover", package: "Discover"),
                .product(name: "DiscoverApp", package: "Discover"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        )
    ],
    swiftLanguageModes: [.v6]
)
