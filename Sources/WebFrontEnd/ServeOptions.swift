import Foundation
import MatrixBackend

/// What `discover serve` was asked for: the port, the backend, the data folder, the test knobs.
public struct ServeOptions: Hashable, Sendable {
    /// The port on 127.0.0.1 (0: any free port).
    public var port: UInt16
    /// The backend each session runs on.
    public var backend: WebBackend
    /// Whether `POST /api/sessions/{id}/knobs` exists.
    public var testKnobs: Bool
    /// The folder that keeps the world and the sessions across restarts (`--data`); `nil`: a
    /// temporary one, removed when the server stops.
    public var dataDirectory: URL?

    /// The port served when none is given.
    public static let defaultPort: UInt16 = 8080

    /// Creates options.
    public init(
        port: UInt16 = ServeOptions.defaultPort, backend: WebBackend = .embedded, testKnobs: Bool = false,
        dataDirectory: URL? = nil
    ) {
        self.port = port
        self.backend = backend
        self.testKnobs = testKnobs
        self.dataDirectory = dataDirectory
    }

    /// Why the command line's values are not options.
    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong.
        public let message: String
        /// The message.
        public var description: String { message }
    }

    /// Reads the command line's values: `--port` a number 0...65535; `--backend` embedded (the
    /// default) or matrix, which needs `--homeserver`, an http(s) address on this machine or an
    /// https one elsewhere (a browser session's password goes to it); `--data` a folder (relative to
    /// the current one).
    public static func parse(
        port: String?, backend: String?, homeserver: String?, testKnobs: Bool, data: String? = nil
    ) -> Result<ServeOptions, Invalid> {
        var options = ServeOptions(testKnobs: testKnobs)
        if let data {
            guard !data.isEmpty, !data.utf8.contains(0) else {
                return .failure(Invalid(message: "--data takes a folder"))
            }
            options.dataDirectory = URL(fileURLWithPath: data, isDirectory: true)
        }
        if let port {
            guard let number = UInt16(port) else {
                return .failure(Invalid(message: "--port takes a number from 0 to 65535 (0: any free port)"))
            }
            options.port = number
        }
        switch backend ?? "embedded" {
        case "embedded":
            guard homeserver == nil else {
                return .failure(Invalid(message: "--homeserver is for --backend matrix"))
            }
        case "matrix":
            guard let address = homeserver else {
                return .failure(
                    Invalid(message: "--backend matrix needs --homeserver <url> (Scripts/synapse url)"))
            }
            guard let url = URL(string: address), url.scheme == "http" || url.scheme == "https",
                url.host != nil
            else {
                return .failure(Invalid(message: "--homeserver '\(address)' is not an http(s) address"))
            }
            if let warning = MatrixTransportWarning(homeserver: url) {
                return .failure(Invalid(message: "refusing the homeserver: \(warning)"))
            }
            options.backend = .matrix(homeserver: url)
        case let other:
            return .failure(Invalid(message: "unknown backend '\(other)'; this build has: embedded, matrix"))
        }
        return .success(options)
    }
}
