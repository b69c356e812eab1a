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

    /// Opens the data folder (`options.dataDirectory`, or a temporary one), restores the world kept
    /// there, and listens on 127.0.0.1 as `options` say; serves nothing until ``start()``.
    ///
    /// A world that cannot be restored is ``WebServerError/data(_:)`` before anything listens (its
    /// file left as it is); a write of the world that fails later is told to `onSaveFailure`.
    public init(
        options: ServeOptions, readTimeout: Duration = .seconds(10),
        onSaveFailure: @escaping @Sendable (WebDataError) -> Void = { _ in }
    ) throws(WebServerError) {
        let data: WebDataFolder
        let sessions: WebSessions
        do throws(WebDataError) {
            if let directory = options.dataDirectory {
                data = try .at(directory)
            } else {
                data = try .temporary()
            }
        } catch {
            throw .data(error)
        }
        do {
            sessions = try WebSessions(backend: options.backend, data: data, onSaveFailure: onSaveFailure)
        } catch {
            if data.isTemporary { try? FileManager.default.removeItem(at: data.url) }
            throw .data(error)
        }
        let routes = WebRoutes(sessions: sessions, testKnobs: options.testKnobs)
        do {
            http = try HTTPServer(port: options.port, readTimeout: readTimeout) { routes.handle($0) }
        } catch {
            if data.isTemporary { try? FileManager.default.removeItem(at: data.url) }
            throw .listening(error)
        }
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

    /// Stops taking connections, ends the open ones and tears every session down; waits for the
    /// world's last write. A data folder given with `--data` keeps the world and every session's
    /// folder for the next run; a temporary one is removed (now, and once more after
    /// ``WebSession/lateWriteGrace``).
    public func stop() {
        isServing = false
        http.stop()
        let data = sessions.data
        guard data.isTemporary else {
            sessions.closeAll()
            sessions.worldStore?.flush()
            return
        }
        sessions.removeAll()
        sessions.worldStore?.flush()
        try? FileManager.default.removeItem(at: data.url)
        let grace = Double(WebSession.lateWriteGrace.components.seconds)
        DispatchQueue.global().asyncAfter(deadline: .now() + grace) {
            try? FileManager.default.removeItem(at: data.url)
        }
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
