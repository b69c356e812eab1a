import Foundation
import Models
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The thin HTTP layer under the Matrix services: builds Client-Server API requests, sends them, and
/// turns every answer into a ``JSONValue`` or a typed ``Models/ServiceError``.
///
/// It never crashes on what a server says: a transport failure is ``Models/ServiceError/networkUnavailable``,
/// an error answer goes through ``MatrixErrorMapper``, a body that is not a JSON object is
/// ``Models/ServiceError/malformedResponse(_:)``, and so is an answer larger than
/// ``maximumResponseBytes``, refused while it is read (see ``responseTooLargeMessage(limit:)``). Every
/// path is built by ``MatrixPath`` (each segment percent-encoded, `.` and `..` included).
///
/// Which transport carries the requests is decided here, once, by the homeserver's scheme: a plain
/// `http` homeserver (the loopback Synapse of development and tests) on Linux is spoken to over POSIX
/// sockets by a transport of the client's own, which refuses an answer over the limit at its headers
/// or stops reading at the limit, whatever the machine's load; any other (`https`, or another
/// platform) goes through `URLSession`, whose delegate cancels an answer over the limit (on Linux
/// FoundationNetworking may read on for a while before the cancel takes effect). See the Matrix
/// guide's "Hostile servers".
public final class MatrixHTTPClient: Sendable {
    /// An HTTP method.
    public enum Method: String, Sendable {
        /// Read.
        case get = "GET"
        /// Create or act.
        case post = "POST"
        /// Create or replace at a known path (idempotent).
        case put = "PUT"
    }

    /// The homeserver's base address, such as `http://127.0.0.1:8008`.
    public let homeserver: URL
    /// The most bytes an answer's body may have; a larger one is refused while it is read.
    public let maximumResponseBytes: Int
    private let transport: Transport
    private let requestTimeout: TimeInterval
    private let offline = Atomic<Bool>(false)
    private let receivedBytes = Atomic<Int>(0)
    private let receivedSyncBytes = Atomic<Int>(0)

    /// Creates a client for `homeserver`; requests give up after `requestTimeout`, and an answer over
    /// `maximumResponseBytes` (default ``MatrixConfiguration/defaultMaximumResponseBytes``) is refused.
    public init(
        homeserver: URL, requestTimeout: Duration,
        maximumResponseBytes: Int = MatrixConfiguration.defaultMaximumResponseBytes
    ) {
        self.homeserver = homeserver
        self.requestTimeout = requestTimeout.timeInterval
        self.maximumResponseBytes = max(1, maximumResponseBytes)
        transport = Transport(
            homeserver: homeserver, requestTimeout: requestTimeout, limit: self.maximumResponseBytes)
    }

    // A session holds its delegate until it is invalidated.
    deinit { transport.close() }

    /// The ``Models/ServiceError/malformedResponse(_:)`` text of an answer over `limit` bytes.
    public static func responseTooLargeMessage(limit: Int) -> String {
        "the answer is larger than the \(limit)-byte limit"
    }

    /// Whether this device is offline: while it is, every request fails at once with
    /// ``Models/ServiceError/networkUnavailable``, as a phone in airplane mode would.
    public var isOffline: Bool {
        get { offline.load(ordering: .acquiring) }
        set { offline.store(newValue, ordering: .releasing) }
    }

    /// The bytes of every answer's body this client has read, `/sync` included.
    public var bytesReceived: Int { receivedBytes.load(ordering: .relaxed) }

    /// The bytes of the `/sync` answers' bodies this client has read: the listings and the live feed.
    public var syncBytesReceived: Int { receivedSyncBytes.load(ordering: .relaxed) }

    /// Sends a request to `/_matrix/client/v3/<path>` and answers the JSON object it got back.
    ///
    /// - Parameters:
    ///   - method: the HTTP method.
    ///   - path: the path segments after `v3`, unencoded (each one is percent-encoded by ``MatrixPath``;
    ///     only the last may be empty, as an empty state key is).
    ///   - query: query parameters.
    ///   - body: the JSON body, if any.
    ///   - accessToken: the bearer token, if the endpoint needs one.
    ///   - timeout: how long to wait for the answer (long polls wait longer than the default).
    ///   - purpose: how to read error codes (login reads `M_FORBIDDEN` as wrong credentials).
    public func send(
        _ method: Method, _ path: [String], query: [String: String] = [:], body: JSONValue? = nil,
        accessToken: String? = nil, timeout: Duration? = nil,
        purpose: MatrixErrorMapper.Purpose = .other
    ) async throws(ServiceError) -> JSONValue {
        let json = try await exchange(
            method, path, query: query, body: body, accessToken: accessToken, timeout: timeout,
            purpose: purpose)
        guard json.objectValue != nil else {
            throw .malformedResponse("\(path.first ?? "answer"): the body is not a JSON object")
        }
        return json
    }

    /// Sends a request whose answer is a JSON array (such as `GET /rooms/{id}/state`).
    public func sendExpectingArray(
        _ method: Method, _ path: [String], query: [String: String] = [:], accessToken: String? = nil
    ) async throws(ServiceError) -> [JSONValue] {
        let json = try await exchange(
            method, path, query: query, body: nil, accessToken: accessToken, timeout: nil, purpose: .other)
        guard let elements = json.arrayValue else {
            throw .malformedResponse("\(path.last ?? "answer"): the body is not a JSON array")
        }
        return elements
    }

    private func exchange(
        _ method: Method, _ path: [String], query: [String: String], body: JSONValue?, accessToken: String?,
        timeout: Duration?, purpose: MatrixErrorMapper.Purpose
    ) async throws(ServiceError) -> JSONValue {
        guard !isOffline else { throw .networkUnavailable }
        let request = try makeRequest(
            method, path, query: query, body: body, accessToken: accessToken, timeout: timeout)
        let answer: MatrixHTTPAnswer
        switch await transport.exchange(request) {
        case .success(let received): answer = received
        case .failure(.tooLarge):
            throw .malformedResponse(Self.responseTooLargeMessage(limit: maximumResponseBytes))
        case .failure(.transport): throw .networkUnavailable
        case .failure(.malformed(let reason)): throw .malformedResponse(reason)
        case .failure(.invalidRequest(let reason)): throw .rejected("cannot send the request: \(reason)")
        }
        receivedBytes.add(answer.body.count, ordering: .relaxed)
        if path.first == "sync" { receivedSyncBytes.add(answer.body.count, ordering: .relaxed) }
        guard !isOffline else { throw .networkUnavailable }
        guard (200..<300).contains(answer.status) else {
            throw MatrixErrorMapper.map(status: answer.status, body: answer.body, purpose: purpose)
        }
        return try JSONValue.parse(answer.body)
    }

    private func makeRequest(
        _ method: Method, _ path: [String], query: [String: String], body: JSONValue?, accessToken: String?,
        timeout: Duration?
    ) throws(ServiceError) -> URLRequest {
        // An empty segment could only be a trailing state key (`/state/{type}/`); elsewhere it would
        // shift the path.
        guard !path.dropLast().contains(where: \.isEmpty) else {
            throw .rejected("cannot build a request for \(path.count) segments: one is empty")
        }
        let encodedPath = MatrixPath.encoded(path)
        let base =
            homeserver.absoluteString.hasSuffix("/")
            ? String(homeserver.absoluteString.dropLast()) : homeserver.absoluteString
        guard var components = URLComponents(string: "\(base)/_matrix/client/v3/\(encodedPath)") else {
            throw .rejected("cannot build a request for \(encodedPath)")
        }
        if !query.isEmpty {
            components.queryItems = query.sorted { $0.key < $1.key }.map {
                URLQueryItem(name: $0.key, value: $0.value)
            }
            // `&`, `=`, `#` and `%` are encoded already; a `+` would read as a space on the server.
            components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(
                of: "+", with: "%2B")
        }
        guard let url = components.url else {
            throw .rejected("cannot build a request for \(encodedPath)")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        request.timeoutInterval = timeout.map { $0.timeInterval + 30 } ?? requestTimeout
        if let accessToken { request.setValue("Bearer \(accessToken)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = body.encoded()
        } else if method != .get {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data("{}".utf8)
        }
        return request
    }
}

extension MatrixHTTPClient {
    /// The transport a client's requests go by, chosen once from the homeserver's scheme.
    enum Transport: Sendable {
        #if canImport(Glibc)
            /// HTTP/1.1 over POSIX sockets: a plain-`http` homeserver on Linux.
            case sockets(MatrixSocketTransport)
        #endif
        /// `URLSession` with ``MatrixResponseReader`` as its delegate: `https`, or another platform.
        case urlSession(URLSession, MatrixResponseReader)

        init(homeserver: URL, requestTimeout: Duration, limit: Int) {
            #if canImport(Glibc)
                if homeserver.scheme?.lowercased() == "http" {
                    self = .sockets(MatrixSocketTransport(limit: limit))
                    return
                }
            #endif
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = requestTimeout.timeInterval + 40
            configuration.httpMaximumConnectionsPerHost = 8
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            let reader = MatrixResponseReader(limit: limit)
            self = .urlSession(
                URLSession(configuration: configuration, delegate: reader, delegateQueue: nil), reader)
        }

        /// Sends `request` and answers the server's answer.
        func exchange(_ request: URLRequest) async -> Result<MatrixHTTPAnswer, MatrixTransportFailure> {
            switch self {
            #if canImport(Glibc)
                case .sockets(let transport): await transport.exchange(request)
            #endif
            case .urlSession(let session, let reader): await reader.exchange(request, on: session)
            }
        }

        /// The most body bytes held for one answer so far (never more than the limit).
        var largestAnswerHeld: Int {
            switch self {
            #if canImport(Glibc)
                case .sockets(let transport): transport.largestAnswerHeld
            #endif
            case .urlSession(_, let reader): reader.largestAnswerHeld
            }
        }

        /// Lets go of the session, if any (it holds its delegate until then).
        func close() {
            switch self {
            #if canImport(Glibc)
                case .sockets: break
            #endif
            case .urlSession(let session, _): session.finishTasksAndInvalidate()
            }
        }
    }

    /// The most body bytes this client held for one answer so far: never more than
    /// ``maximumResponseBytes``, however much a server sends.
    var largestAnswerHeld: Int { transport.largestAnswerHeld }
}
