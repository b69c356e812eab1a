import Foundation

/// One answer to a request: status, headers and body, written with `Connection: close`.
public struct HTTPResponse: Hashable, Sendable {
    /// The status.
    public var status: HTTPStatus
    /// The header fields besides `Content-Length` and `Connection`, which ``bytes`` adds.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(status: HTTPStatus, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON answer (`Cache-Control: no-store`, as every API answer).
    public static func json(_ status: HTTPStatus, _ body: Data) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "application/json", "Cache-Control": "no-store"],
            body: body)
    }

    /// An error answer: `{"error":"<message>"}`.
    public static func error(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        let body = (try? JSONEncoder().encode(["error": message])) ?? Data(#"{"error":"error"}"#.utf8)
        return json(status, body)
    }

    /// A 405 that names the methods the path takes.
    public static func methodNotAllowed(allowing methods: [String]) -> HTTPResponse {
        var response = error(.methodNotAllowed, "this path takes \(methods.joined(separator: ", "))")
        response.headers["Allow"] = methods.joined(separator: ", ")
        return response
    }

    /// The response as bytes on the wire: status line, headers (sorted, so the same response is the
    /// same bytes), `Content-Length` (but on a 204), `Connection: close`, blank line, body.
    public var bytes: Data { bytes(withBody: true) }

    /// The response as bytes on the wire, the body left out when `withBody` is `false` (the answer to
    /// a `HEAD`: the same head, `Content-Length` included, and no body).
    public func bytes(withBody: Bool) -> Data {
        var head = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
        var fields = headers
        fields["X-Content-Type-Options"] = "nosniff"
        // A 204 has no body and, by RFC 9110, no Content-Length.
        if status != .noContent { fields["Content-Length"] = String(body.count) }
        fields["Connection"] = "close"
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            head += "\(name): \(value)\r\n"
        }
        head += "\r\n"
        return withBody ? Data(head.utf8) + body : Data(head.utf8)
    }
}
