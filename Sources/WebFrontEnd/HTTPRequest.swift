/// One HTTP/1.1 request as ``HTTPRequestParser`` read it: its line, headers and body.
///
/// Header names keep the case they were sent in; ``header(_:)`` looks them up without case. The
/// target is split at its first `?`: ``path`` is what routes match, ``query`` is kept but unused.
public struct HTTPRequest: Hashable, Sendable {
    /// The method, as sent (`GET`, `POST`, `DELETE`, ...; methods are case-sensitive).
    public var method: String
    /// The target's path, starting with `/`, not percent-decoded.
    public var path: String
    /// The target's query after `?`, if any.
    public var query: String?
    /// The protocol version: `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    /// The header fields in the order sent, values trimmed of surrounding spaces and tabs.
    public var headers: [(name: String, value: String)]
    /// The body: exactly `Content-Length` bytes, empty without one.
    public var body: [UInt8]

    /// Creates a request.
    public init(
        method: String, path: String, query: String? = nil, version: String = "HTTP/1.1",
        headers: [(name: String, value: String)] = [], body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The value of the first header with this name (any case), if any.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Whether two requests have the same line, headers and body.
    public static func == (left: HTTPRequest, right: HTTPRequest) -> Bool {
        left.method == right.method && left.path == right.path && left.query == right.query
            && left.version == right.version && left.body == right.body
            && left.headers.map(\.name) == right.headers.map(\.name)
            && left.headers.map(\.value) == right.headers.map(\.value)
    }

    /// Hashes the line and body (headers are compared, not hashed).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(path)
        hasher.combine(query)
        hasher.combine(body)
    }
}
