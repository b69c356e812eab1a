import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `discover serve`: the HTTP server, the routes and the sessions, put together.
///
/// The server's threads take connections; every session's engine runs on the main actor, which
/// the main thread serves with its run loop in ``serveUntilSignalled(output:)``.
@MainActor
public final class WebServer {
    /// The port listened on.
    public let port: UInt16
    /// The browser sessions.
    public let sessions: WebSessions
    private let http: HTTPServer

    /// Listens on 127.0.0.1 as `options` say; serves nothing until ``start()``.
    public init(options: ServeOptions, readTimeout: Duration = .seconds(10)) throws(HTTPServerError) {
        let sessions = WebSessions(backend: options.backend)
        let routes = WebRoutes(sessions: sessions, testKnobs: options.testKnobs)
        http = try HTTPServer(port: options.port, readTimeout: readTimeout) { routes.handle($0) }
        port = http.port
        self.sessions = sessions
    }

    /// The address the page is served at.
    public var address: String { "http://127.0.0.1:\(port)" }

    /// How long a session may go without an event stream or a request before it is torn down (its
    /// browser tab was closed without `DELETE`).
    public static let idleSessionLifetime: Duration = .seconds(15 * 60)

    private var isServing = false

    /// Starts taking connections, and removing idle sessions once a minute.
    public func start() {
        isServing = true
        http.start()
        removeIdleSessionsEveryMinute()
    }

    private func removeIdleSessionsEveryMinute() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 60) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.isServing else { return }
                self.sessions.removeIdle(longerThan: Self.idleSessionLifetime, at: Date())
                self.removeIdleSessionsEveryMinute()
            }
        }
    }

    /// Stops taking connections, ends the open ones and tears every session down.
    public func stop() {
        isServing = false
        http.stop()
        sessions.removeAll()
    }

    /// Starts, prints `Serving on <address>` once listening, and serves the main queue until SIGINT
    /// or SIGTERM, which stop the server and end the process with exit code 0.
    public func serveUntilSignalled(output: @escaping (String) -> Void) -> Never {
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { [self] in
                MainActor.assumeIsolated {
                    stop()
                    // The sessions' folders go a second time after the late-write grace.
                    let grace = Double(WebSession.lateWriteGrace.components.seconds) + 0.2
                    DispatchQueue.main.asyncAfter(deadline: .now() + grace) {
                        output("Stopped.")
                        exit(0)
                    }
                }
            }
            source.resume()
            sources.append(source)
        }
        start()
        output("Serving on \(address)")
        // The main run loop serves the main queue and keeps the main thread (`dispatchMain()` would
        // end it, which AddressSanitizer reports when a signal then arrives).
        while true {
            withExtendedLifetime(sources) { RunLoop.main.run() }
        }
    }
}
