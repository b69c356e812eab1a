import Foundation
import Interactors
import MatrixBackend
import Models
import Services

#if canImport(Glibc)
    import Glibc
#endif

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
        MatrixConfiguration.randomNamespace(prefix: "t")
    }

    /// A backend on the test server in a fresh namespace (or `namespace`), storing under `directory`.
    public static func backend(namespace: String? = nil, directory: URL) -> MatrixBackend? {
        guard let homeserver else { return nil }
        return MatrixBackend(
            configuration: MatrixConfiguration(
                homeserver: homeserver, namespace: namespace ?? freshNamespace()),
            storageDirectory: directory)
    }

    /// The repository's `Scripts/synapse`, which controls the test server (start, stop, kill).
    public static var script: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/synapse")
    }

    /// Runs `Scripts/synapse <command>` and waits for it; answers its exit status (-1 if it could not
    /// start). `directory` and `port` select a server other than the default one (`SYNAPSE_DIR`,
    /// `SYNAPSE_PORT`).
    ///
    /// Spawned and reaped with `posix_spawn` and `waitpid`: the script leaves a daemon running, and
    /// waiting on the script alone must not depend on the main run loop or on the daemon's pipes.
    @discardableResult
    public static func control(
        _ command: String, directory: URL? = nil, port: Int? = nil, environment extra: [String: String] = [:]
    ) -> Int32 {
        var environment = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
        if let directory { environment["SYNAPSE_DIR"] = directory.path }
        if let port { environment["SYNAPSE_PORT"] = String(port) }
        let arguments = ["/bin/bash", script.path, command]
        let variables = environment.map { "\($0.key)=\($0.value)" }
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = variables.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/bash", nil, nil, &argv, &envp) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        // WIFEXITED / WEXITSTATUS, spelt out (the macros do not import).
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    }

    /// Signs a person up through `backend`'s services and publishes their profile; answers the
    /// session, or the error that stopped it.
    @MainActor
    public static func createPerson(
        _ username: String, password: String = "correct horse", born: String = "1996-04-12",
        profile: Profile = Profile(bio: "", interests: [], lookingFor: .default), on backend: MatrixBackend
    ) -> Result<AuthSession, ServiceError> {
        let services = backend.makeServices()
        let request = SignUpRequest(
            username: username, email: nil, password: password,
            displayName: username.prefix(1).uppercased() + username.dropFirst(),
            birthDate: CalendarMath.parseDay(born) ?? Date(timeIntervalSince1970: 0))
        let signedUp = backend.await { services.auth.signUp(request, completion: $0) }
        guard case .success(let session) = signedUp else { return signedUp }
        let saved = backend.await {
            services.profiles.saveProfile(profile, accessToken: session.tokens.accessToken, completion: $0)
        }
        return saved.map { _ in session }
    }
}
