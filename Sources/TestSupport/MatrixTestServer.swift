import Foundation
import MatrixBackend

/// The Synapse homeserver the Matrix tests run against, if one is up.
///
/// Tests that need it are enabled only when `DISCOVER_HOMESERVER` names it (`.ci/run` starts one with
/// `Scripts/synapse start` and sets it); otherwise they are skipped with ``skipReason``.
public enum MatrixTestServer {
    /// The homeserver's address from `DISCOVER_HOMESERVER`, if set.
    public static var homeserver: URL? {
        ProcessInfo.processInfo.environment["DISCOVER_HOMESERVER"].flatMap { URL(string: $0) }
    }

    /// Whether Matrix tests can run.
    public static var isAvailable: Bool { homeserver != nil }

    /// The one-line reason Matrix tests are skipped.
    public static let skipReason =
        "no Matrix homeserver: run `Scripts/synapse start` and set DISCOVER_HOMESERVER=http://127.0.0.1:8008"

    /// A fresh namespace, so a test's accounts and discovery room are its own on a shared server.
    public static func freshNamespace() -> String {
        "t" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(10).lowercased()
    }

    /// A backend on the test server in a fresh namespace (or `namespace`), storing under `directory`.
    public static func backend(namespace: String? = nil, directory: URL) -> MatrixBackend? {
        guard let homeserver else { return nil }
        return MatrixBackend(
            configuration: MatrixConfiguration(homeserver: homeserver, namespace: namespace ?? freshNamespace()),
            storageDirectory: directory)
    }

    /// The repository's `Scripts/synapse`, which controls the test server (start, stop, kill).
    public static var script: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/synapse")
    }

    /// Runs `Scripts/synapse <command>` and waits for it; answers its exit status.
    @discardableResult
    public static func control(_ command: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path, command]
        do {
            try process.run()
        } catch {
            return -1
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
