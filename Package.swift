// swift-tools-version: 6.0
// Discover: a use-case engine (Flows / Contexts / Interactors) for a dating app, in pure Swift.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "Discover",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "Discover", targets: ["Models", "Interactors", "Services", "Contexts", "Flows"]),
        .library(name: "EmbeddedBackend", targets: ["EmbeddedBackend"]),
        .library(name: "MatrixBackend", targets: ["MatrixBackend"]),
        .library(name: "PersistentList", targets: ["PersistentList"]),
        .library(name: "GenericScreens", targets: ["GenericScreens"]),
        .library(name: "DiscoverApp", targets: ["DiscoverApp"]),
        .library(name: "HeadlessFrontEnd", targets: ["HeadlessFrontEnd"]),
        .executable(name: "discover", targets: ["discover"]),
        .executable(name: "discover-bench", targets: ["DiscoverBench"]),
        .executable(name: "discover-crash-driver", targets: ["DiscoverCrashDriver"]),
        .executable(name: "discover-memory-probe", targets: ["DiscoverMemoryProbe"]),
    ],
    targets: [
        // MARK: Data and the functional core

        // Inert value types: inputs, outputs, state, screens, analytics events.
        .target(name: "Models", dependencies: ["PersistentList"], swiftSettings: strict),
        // A support data structure: an ordered list whose copies share storage, changed in O(log n)
        // (the matches list of a million conversations, a long conversation and its rows).
        .target(name: "PersistentList", swiftSettings: strict),
        // Pure, stateless logic: validation, deep links, session policy, countdowns, calendar math.
        .target(name: "Interactors", dependencies: ["Models", "PersistentList"], swiftSettings: strict),

        // MARK: Services and backends

        // Thin protocols over I/O plus small generic implementations (file stores, schedulers).
        .target(name: "Services", dependencies: ["Models"], swiftSettings: strict),
        // The backends may use the pure interactors (calendar math for ages and birth dates), never
        // contexts or flows.
        // The default backend: an in-process, deterministic implementation of every service.
        .target(
            name: "EmbeddedBackend", dependencies: ["Services", "Interactors", "Models"],
            swiftSettings: strict),
        // A real backend: every service over the Matrix Client-Server API (Synapse), over HTTP/1.1 on
        // POSIX sockets for a plain-http homeserver (the answer size cap held while reading), else
        // URLSession.
        .target(
            name: "MatrixBackend", dependencies: ["Services", "Interactors", "Models"], swiftSettings: strict),

        // MARK: The imperative shell and navigation

        // One use case's state and behaviour each, observable three ways.
        .target(
            name: "Contexts", dependencies: ["Interactors", "Services", "Models", "PersistentList"],
            swiftSettings: strict),
        // The single control point of each use case: screens, modals, deep links, analytics.
        .target(
            name: "Flows", dependencies: ["Contexts", "Interactors", "Services", "Models", "PersistentList"],
            swiftSettings: strict),

        // MARK: Composition and front ends

        // The generic form of the typed screens (a title and elements with string ids) and the table
        // between the two, shared by the text, web and scenario front ends; the engine never sees it.
        .target(
            name: "GenericScreens", dependencies: ["Flows", "Models", "PersistentList"], swiftSettings: strict
        ),

        // The composition root: one call builds the engine over either backend for a front end.
        .target(
            name: "DiscoverApp",
            dependencies: ["Flows", "Services", "EmbeddedBackend", "MatrixBackend", "Models"],
            swiftSettings: strict
        ),
        // A front end with no UI: screen stack, text rendering, tap/type by label, transcript, driver.
        .target(
            name: "HeadlessFrontEnd",
            dependencies: ["GenericScreens", "Flows", "Contexts", "Services", "Models", "EmbeddedBackend"],
            swiftSettings: strict
        ),

        // MARK: Tools

        // The scenario language and its runner, with the embedded and the Matrix worlds it runs in.
        .target(
            name: "ScenarioLanguage",
            dependencies: [
                "HeadlessFrontEnd", "GenericScreens", "Flows", "Interactors", "Services", "Models",
                "EmbeddedBackend", "MatrixBackend",
            ],
            swiftSettings: strict
        ),
        // The explorer: seeded random journeys through the scenario worlds, checked and shrunk.
        .target(
            name: "ScenarioExplorer",
            dependencies: [
                "ScenarioLanguage", "HeadlessFrontEnd", "GenericScreens", "Flows", "Interactors", "Models",
                "EmbeddedBackend",
            ],
            swiftSettings: strict
        ),
        // A browser front end: a small HTTP server on POSIX sockets serving the view state as JSON and
        // the page (Web/) that renders it; one engine per browser session.
        .target(
            name: "WebFrontEnd",
            dependencies: [
                "GenericScreens", "DiscoverApp", "Flows", "Services", "Models", "EmbeddedBackend",
                "MatrixBackend",
            ],
            resources: [.copy("Web")],
            swiftSettings: strict
        ),
        // The load run behind `discover load`: seeded days for many people, each a whole engine on the
        // Matrix backend, spread over driver processes; the final checks and the table.
        .target(
            name: "LoadRun",
            dependencies: ["Flows", "Contexts", "Services", "Models", "MatrixBackend"],
            swiftSettings: strict
        ),
        // The command line: argument parsing, help texts, `run`, `explore`, `play`, `serve` and `load`.
        .executableTarget(
            name: "discover",
            dependencies: [
                "ScenarioLanguage", "ScenarioExplorer", "HeadlessFrontEnd", "WebFrontEnd", "EmbeddedBackend",
                "MatrixBackend", "LoadRun",
                "Flows", "Services", "Models",
            ],
            swiftSettings: strict
        ),

        // The benchmarks: the engine against a hand-written floor, whole scenarios, scale.
        .executableTarget(
            name: "DiscoverBench",
            dependencies: [
                "GenericScreens",
                "EmbeddedBackend", "Flows", "Contexts", "Interactors", "Services", "Models",
            ],
            swiftSettings: strict
        ),

        // The crash test's app: the default file stores on the embedded backend, killed with SIGKILL
        // at random moments by Scripts/crash-test, then checked (every item delivered exactly once).
        .executableTarget(
            name: "DiscoverCrashDriver",
            dependencies: ["HeadlessFrontEnd", "EmbeddedBackend", "Flows", "Services", "Models"],
            swiftSettings: strict
        ),

        // The hostile-answer memory test's client: one Matrix request in a process of its own, whose peak
        // memory the test reads from outside (HostileServerMemoryTests).
        .executableTarget(
            name: "DiscoverMemoryProbe", dependencies: ["MatrixBackend", "Models"], swiftSettings: strict),

        // MARK: Tests

        // Shared test helpers: temporary folders and a headless app on a fresh embedded backend.
        .target(
            name: "TestSupport",
            dependencies: [
                "HeadlessFrontEnd", "EmbeddedBackend", "MatrixBackend", "Interactors", "Models",
            ],
            swiftSettings: strict
        ),

        // MARK: Unit tests, one target per role

        // Validation, deep links, session policy and the other pure functions (random inputs from the
        // embedded backend's seeded generator).
        .testTarget(
            name: "InteractorsTests", dependencies: ["Interactors", "Models", "EmbeddedBackend"],
            swiftSettings: strict),
        // The persistent list: a plain collection, checked against an array.
        .testTarget(name: "PersistentListTests", dependencies: ["PersistentList"], swiftSettings: strict),
        // File stores, schedulers and the other generic service implementations.
        .testTarget(
            name: "ServicesTests", dependencies: ["Services", "Models", "TestSupport"],
            swiftSettings: strict),
        // The load run's own logic, no server: the seeded plan, the final checks, the table.
        .testTarget(name: "LoadRunTests", dependencies: ["LoadRun"], swiftSettings: strict),
        // The embedded backend's accounts, tokens, rate limiter and hashing.
        .testTarget(
            name: "EmbeddedBackendTests",
            dependencies: [
                "EmbeddedBackend", "Interactors", "Services", "Models", "TestSupport",
            ],
            exclude: ["Expected"],
            swiftSettings: strict
        ),
        // The Matrix backend's pure parts: error mapping, defensive reading, the room listing.
        .testTarget(
            name: "MatrixBackendTests",
            dependencies: ["MatrixBackend", "DiscoverMemoryProbe", "Models", "TestSupport"],
            swiftSettings: strict),
        // The observable state store and the contexts' observers.
        .testTarget(
            name: "ContextsTests",
            dependencies: [
                "GenericScreens", "Contexts", "Services", "Models", "EmbeddedBackend", "TestSupport",
            ],
            swiftSettings: strict
        ),
        // The flow tree: errors up, events down, printing (random inputs from the embedded backend's
        // seeded generator).
        .testTarget(
            name: "FlowsTests",
            dependencies: ["GenericScreens", "Flows", "Contexts", "Models", "EmbeddedBackend"],
            swiftSettings: strict),
        // The composition root on both clocks, driven by the library's ScreenStack.
        .testTarget(
            name: "DiscoverAppTests",
            dependencies: [
                "GenericScreens", "DiscoverApp", "Flows", "Services", "Models", "EmbeddedBackend",
                "TestSupport",
            ],
            swiftSettings: strict
        ),
        // The headless front end and the command-line tool's argument handling.
        .testTarget(
            name: "HeadlessTests",
            dependencies: [
                "GenericScreens", "HeadlessFrontEnd", "ScenarioLanguage", "ScenarioExplorer", "discover",
                "Flows", "Models",
                "EmbeddedBackend", "TestSupport",
            ],
            swiftSettings: strict
        ),

        // The browser front end: the request parser, the HTTP server on a real socket, the routes.
        .testTarget(
            name: "WebFrontEndTests",
            dependencies: [
                "WebFrontEnd", "Flows", "Models", "EmbeddedBackend", "TestSupport",
            ],
            swiftSettings: strict
        ),

        // One service contract, two backends: embedded always, Matrix when a homeserver is up.
        .testTarget(
            name: "ServiceContractTests",
            dependencies: [
                "GenericScreens",
                "EmbeddedBackend", "MatrixBackend", "Interactors", "Services", "Models", "TestSupport",
            ],
            swiftSettings: strict
        ),

        // The built `discover` binary, run as a process: output and exit codes against expected files.
        .testTarget(
            name: "CLITests",
            dependencies: ["discover", "TestSupport"],
            exclude: ["Fixtures", "Expected"],
            swiftSettings: strict
        ),

        // MARK: Integration tests, one target per use case

        // Session: launch, restore, refresh, expiry, revocation, logout, deep links, relaunch.
        .testTarget(
            name: "SessionIntegrationTests",
            dependencies: [
                "GenericScreens",
                "HeadlessFrontEnd", "EmbeddedBackend", "Flows", "Contexts", "Services", "Models",
                "TestSupport",
            ],
            swiftSettings: strict
        ),
        // Recommendations: the deck, swipes, limits, matches, the offline queue, preferences, scale.
        .testTarget(
            name: "RecommendationsIntegrationTests",
            dependencies: [
                "GenericScreens",
                "HeadlessFrontEnd", "EmbeddedBackend", "Flows", "Contexts", "Interactors", "Services",
                "Models",
                "TestSupport",
            ],
            swiftSettings: strict
        ),
        // Chat: the matches list, conversations, the outbox, receipts, typing, unmatch, scale.
        .testTarget(
            name: "ChatIntegrationTests",
            dependencies: [
                "GenericScreens",
                "HeadlessFrontEnd", "EmbeddedBackend", "Flows", "Contexts", "Services", "Models",
                "TestSupport",
            ],
            swiftSettings: strict
        ),
        // The Matrix backend on a live Synapse: two engines chatting, volume, a crash mid-send, sessions.
        .testTarget(
            name: "MatrixIntegrationTests",
            dependencies: [
                "GenericScreens",
                "HeadlessFrontEnd", "ScenarioLanguage", "MatrixBackend", "Flows", "Contexts", "Services",
                "Models",
                "TestSupport",
            ],
            swiftSettings: strict
        ),
        // Login: sign in, sign up, validation, server outcomes, profile set-up.
        .testTarget(
            name: "LoginIntegrationTests",
            dependencies: [
                "GenericScreens",
                "HeadlessFrontEnd", "EmbeddedBackend", "Flows", "Contexts", "Services", "Models",
                "TestSupport",
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
