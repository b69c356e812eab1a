import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request as ``MatrixSocketTransport`` writes it on the connection: the HTTP/1.1 request line,
/// `Host`, the request's own headers, `Content-Length` and the body, with where to connect.
///
/// The path and query are sent as the request's URL holds them, percent-encoded (never decoded and
/// encoded again). A header name or value holding a line break or NUL (an access token from a
/// hostile server, say) is refused, so nothing can be slipped in as a header of its own.
struct MatrixHTTPRequestMessage: Equatable {
    /// The host to connect to (a name, or an address without brackets).
    let host: String
    /// The port to connect to (80 unless the URL says).
    let port: Int
    /// The request's bytes.
    let bytes: [UInt8]

    /// Which connections may carry this request: its host and port.
    var authority: String { "\(host):\(port)" }

    /// The message for `request`, whose URL must be `http` with a host.
    static func make(_ request: URLRequest) -> Result<Self, MatrixTransportFailure> {
        guard let url = request.url, url.scheme?.lowercased() == "http",
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let named = components.host, !named.isEmpty
        else {
            return .failure(
                .invalidRequest("not an http address with a host: \(request.url?.absoluteString ?? "none")"))
        }
        let host = named.hasPrefix("[") && named.hasSuffix("]") ? String(named.dropFirst().dropLast()) : named
        let port = components.port ?? 80
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let target = components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
        let method = request.httpMethod ?? "GET"
        let body = request.httpBody ?? Data()
        let hostHeader = (host.contains(":") ? "[\(host)]" : host) + (components.port.map { ":\($0)" } ?? "")
        // The transport's own framing: any such header of the request's is left out.
        let framing: Set<String> = ["host", "content-length", "transfer-encoding", "connection"]
        let headers = (request.allHTTPHeaderFields ?? [:]).filter { !framing.contains($0.key.lowercased()) }
            .sorted { $0.key < $1.key }
        var lines = ["\(method) \(target) HTTP/1.1", "Host: \(hostHeader)"]
        lines += headers.map { "\($0.key): \($0.value)" }
        if !body.isEmpty || method != "GET" { lines.append("Content-Length: \(body.count)") }
        let forbidden: Set<Character> = ["\r", "\n", "\0"]
        guard !lines.contains(where: { $0.contains { forbidden.contains($0) } }) else {
            return .failure(.invalidRequest("a request header holds a line break"))
        }
        return .success(
            Self(
                host: host, port: port,
                bytes: Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body))
    }
}
