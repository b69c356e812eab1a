/// Where a request goes: the pure part of routing, from method and path alone.
///
/// A path no route has is 404; a path a route has with another method is 405. `HEAD` is taken
/// wherever `GET` is, but for the event stream (it is answered as `GET` without the body, RFC 9110).
/// The knobs' path exists only when the server was started with `--test-knobs`.
public enum WebRoute: Hashable, Sendable {
    /// `GET /`, `/app.js`, `/app.css`: a file of the page.
    case page(WebPage)
    /// `POST /api/sessions`.
    case createSession
    /// `DELETE /api/sessions/{id}`.
    case deleteSession(String)
    /// `GET /api/sessions/{id}/events`.
    case events(String)
    /// `GET /api/sessions/{id}/view`.
    case view(String)
    /// `POST /api/sessions/{id}/intents`.
    case intents(String)
    /// `POST /api/sessions/{id}/knobs` (with `--test-knobs` only).
    case knobs(String)

    /// Why a request has no route.
    public enum Miss: Error, Hashable, Sendable {
        /// No route has the path (404).
        case notFound(path: String)
        /// A route has the path, with other methods (405).
        case methodNotAllowed(allowed: [String])

        /// The answer.
        public var response: HTTPResponse {
            switch self {
            case .notFound(let path): .error(.notFound, "no such path: \(path)")
            case .methodNotAllowed(let allowed): .methodNotAllowed(allowing: allowed)
            }
        }
    }

    /// The route of `method` on `path`.
    public static func resolve(method: String, path: String, testKnobs: Bool) -> Result<WebRoute, Miss> {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(
            String.init)
        let found: (methods: [String], route: WebRoute)?
        switch segments {
        case [""]: found = (["GET", "HEAD"], .page(.index))
        case ["app.js"]: found = (["GET", "HEAD"], .page(.script))
        case ["app.css"]: found = (["GET", "HEAD"], .page(.style))
        case ["api", "sessions"]: found = (["POST"], .createSession)
        case let parts
        where parts.count == 3 && parts[0] == "api" && parts[1] == "sessions" && !parts[2].isEmpty:
            found = (["DELETE"], .deleteSession(parts[2]))
        case let parts
        where parts.count == 4 && parts[0] == "api" && parts[1] == "sessions" && !parts[2].isEmpty:
            let id = parts[2]
            switch parts[3] {
            case "events": found = (["GET"], .events(id))
            case "view": found = (["GET", "HEAD"], .view(id))
            case "intents": found = (["POST"], .intents(id))
            case "knobs" where testKnobs: found = (["POST"], .knobs(id))
            default: found = nil
            }
        default: found = nil
        }
        guard let found else { return .failure(.notFound(path: path)) }
        guard found.methods.contains(method) else {
            return .failure(.methodNotAllowed(allowed: found.methods))
        }
        return .success(found.route)
    }
}
