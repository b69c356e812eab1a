import Dispatch
import Foundation

/// The server's handler: refuses requests from other sites, routes the rest and answers them on
/// the main actor, where the sessions and their engines live.
///
/// Called on a connection's thread. Two checks come before any route: the `Host` header must name
/// this machine (127.0.0.1 or localhost, any port; required in HTTP/1.1), which stops another site
/// reaching the server through DNS rebinding; and a request other than GET that carries an `Origin`
/// must come from the page itself (`http://` + its `Host`), which stops another site's form or
/// script from acting in a session. Both are answered 403, a missing `Host` 400.
public struct WebRoutes: Sendable {
    /// The sessions the routes act on.
    public let sessions: WebSessions
    /// Whether the knobs' route exists.
    public let testKnobs: Bool

    /// Creates the routes over `sessions`.
    public init(sessions: WebSessions, testKnobs: Bool) {
        self.sessions = sessions
        self.testKnobs = testKnobs
    }

    /// Answers one request (on the calling thread; the sessions' work hops to the main actor).
    public func handle(_ request: HTTPRequest) -> HTTPReply {
        if let refusal = Self.refusal(of: request) { return .response(refusal) }
        let route: WebRoute
        switch WebRoute.resolve(method: request.method, path: request.path, testKnobs: testKnobs) {
        case .failure(let miss): return .response(miss.response)
        case .success(let found): route = found
        }
        switch route {
        case .page(let page):
            return .response(page.response())
        case .events(let id):
            return events(id)
        default:
            let sessions = sessions
            let body = request.body
            let response = Self.onMain { Self.answer(route, body: body, in: sessions) }
            if case .knobs = route, response.status == .noContent {
                return .response(keepWorld() ?? response)
            }
            return .response(response)
        }
    }

    /// Writes the world as it is now and waits for the disk, before a knob's answer says it acted
    /// (a knob changes the world directly, not through a request of an engine); the error that
    /// answers instead when the world could not be written.
    private func keepWorld() -> HTTPResponse? {
        guard let world = sessions.world, let store = sessions.worldStore else { return nil }
        do {
            try store.keepNow(world)
            return nil
        } catch {
            return .error(.internalServerError, error.description)
        }
    }

    /// Why the request is refused before routing, if it is.
    static func refusal(of request: HTTPRequest) -> HTTPResponse? {
        guard let host = request.header("Host") else {
            return request.version == "HTTP/1.0" ? nil : .error(.badRequest, "bad request: no Host header")
        }
        guard ["127.0.0.1", "localhost"].contains(hostName(host).lowercased()) else {
            return .error(.forbidden, "this server answers requests to 127.0.0.1 or localhost only")
        }
        if !["GET", "HEAD"].contains(request.method), let origin = request.header("Origin"),
            origin.lowercased() != "http://" + host.lowercased()
        {
            return .error(.forbidden, "requests from another site are refused")
        }
        return nil
    }

    /// The name part of a `Host` value: without the port, an IPv6 address without its brackets.
    private static func hostName(_ host: String) -> String {
        if host.hasPrefix("["), let end = host.firstIndex(of: "]") {
            return String(host[host.index(after: host.startIndex)..<end])
        }
        return String(host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    private func events(_ id: String) -> HTTPReply {
        let sessions = sessions
        guard Self.onMain({ sessions.session(id, at: Date()) != nil }) else {
            return .response(Self.noSession(id))
        }
        return .events(
            opened: { stream in
                Self.onMain {
                    if let session = sessions[id] { session.subscribe(stream) } else { stream.close() }
                }
            },
            closed: { stream in Self.onMain { sessions[id]?.unsubscribe(stream, at: Date()) } })
    }

    @MainActor
    private static func answer(_ route: WebRoute, body: [UInt8], in sessions: WebSessions) -> HTTPResponse {
        let now = Date()
        switch route {
        case .view(let id), .intents(let id), .knobs(let id): sessions.session(id, at: now)?.touch(at: now)
        default: break
        }
        switch route {
        case .createSession:
            do {
                guard let session = try sessions.create(at: now) else {
                    return .error(.serviceUnavailable, "at most \(WebSessions.maximumCount) sessions at once")
                }
                let json = (try? JSONEncoder().encode(["session": session.id])) ?? Data()
                return .json(.created, json)
            } catch {
                return .error(error.status, error.description)
            }
        case .deleteSession(let id):
            return sessions.remove(id) ? HTTPResponse(status: .noContent) : noSession(id)
        case .view(let id):
            guard let session = sessions[id] else { return noSession(id) }
            return .json(.ok, session.viewJSON())
        case .intents(let id):
            guard let session = sessions[id] else { return noSession(id) }
            switch session.send(intentJSON: body) {
            case .success(let view): return .json(.ok, view)
            case .failure(let error): return .error(error.status, error.description)
            }
        case .knobs(let id):
            guard let session = sessions[id] else { return noSession(id) }
            switch session.knob(body) {
            case .success: return HTTPResponse(status: .noContent)
            case .failure(let error): return .error(error.status, error.description)
            }
        case .page, .events:
            return .error(.internalServerError, "routed twice")
        }
    }

    private static func noSession(_ id: String) -> HTTPResponse { .error(.notFound, "no session '\(id)'") }

    /// Runs `body` on the main actor and waits for its result (from a connection's thread).
    private static func onMain<Value: Sendable>(_ body: @MainActor @Sendable () -> Value) -> Value {
        if Thread.isMainThread { return MainActor.assumeIsolated(body) }
        return DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
    }
}
