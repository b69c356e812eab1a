import Foundation

/// How the Matrix backend maps Discover onto a homeserver.
public struct MatrixConfiguration: Sendable {
    /// The homeserver's base address, such as `http://127.0.0.1:8008`.
    public var homeserver: URL
    /// A prefix for account names and the discovery room, so independent worlds (each test, each
    /// scenario) can share one homeserver; empty for real use. Lower-case letters and digits only.
    public var namespace: String
    /// Likes per day; Matrix has no such limit, so the backend keeps count in account data.
    public var dailyLikeLimit: Int
    /// Super likes per day.
    public var dailySuperLikeLimit: Int
    /// Where a new account is placed on the plane (kilometres), until the app reports a location.
    public var signUpLocation: (x: Double, y: Double)
    /// How long an ordinary request may take.
    public var requestTimeout: Duration
    /// How long one `/sync` long poll waits on the server for something to happen.
    public var syncTimeout: Duration
    /// The most bytes one answer's body may have; a larger one is refused while it is read, as
    /// ``Models/ServiceError/malformedResponse(_:)``.
    public var maximumResponseBytes: Int

    /// The default ``maximumResponseBytes``: 8 MiB.
    ///
    /// The largest answers are the discovery room's state (every member's profile and membership,
    /// about 1 KB each, so some 8,000 members) and a `/sync` (at most 500 events per room).
    public static let defaultMaximumResponseBytes = 8 << 20

    /// Creates a configuration.
    public init(
        homeserver: URL, namespace: String = "", dailyLikeLimit: Int = 100, dailySuperLikeLimit: Int = 1,
        signUpLocation: (x: Double, y: Double) = (0, 0), requestTimeout: Duration = .seconds(30),
        syncTimeout: Duration = .seconds(20), maximumResponseBytes: Int = Self.defaultMaximumResponseBytes
    ) {
        self.homeserver = homeserver
        self.namespace = namespace
        self.dailyLikeLimit = dailyLikeLimit
        self.dailySuperLikeLimit = dailySuperLikeLimit
        self.signUpLocation = signUpLocation
        self.requestTimeout = requestTimeout
        self.syncTimeout = syncTimeout
        self.maximumResponseBytes = maximumResponseBytes
    }

    /// What is unsafe about how ``homeserver`` is reached, or `nil`: a warning to show, not a refusal
    /// (see ``MatrixTransportWarning``).
    public var transportWarning: MatrixTransportWarning? { MatrixTransportWarning(homeserver: homeserver) }

    /// A fresh random namespace (`prefix` and ten hex digits), for a world of its own on a shared server.
    public static func randomNamespace(prefix: String) -> String {
        prefix + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(10).lowercased()
    }

    /// The Matrix localpart for a Discover username (the namespace, a dot, the name).
    public func localpart(for username: String) -> String {
        let name = username.lowercased()
        return namespace.isEmpty ? name : "\(namespace).\(name)"
    }

    /// The Discover username for a Matrix user id (`@ns.alice:localhost` → `alice`).
    public func username(for userID: String) -> String {
        var localpart = userID.hasPrefix("@") ? String(userID.dropFirst()) : userID
        if let colon = localpart.firstIndex(of: ":") { localpart = String(localpart[..<colon]) }
        if !namespace.isEmpty, localpart.hasPrefix(namespace + ".") {
            localpart = String(localpart.dropFirst(namespace.count + 1))
        }
        return localpart
    }

    /// The alias localpart of the shared discovery room.
    public var poolAliasName: String { namespace.isEmpty ? "discover-pool" : "discover-pool-\(namespace)" }
}
