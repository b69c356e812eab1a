import Foundation

/// The smallest honest HTTP/1.1 server: POSIX sockets on 127.0.0.1, one thread per connection, one
/// request per connection (`Connection: close`), except event streams, which stay open.
///
/// Each connection reads its request within ``readTimeout`` (else 408), parses it with
/// ``HTTPRequestParser`` (its limits answer 400, 411, 413, 431) and passes it to the handler on the
/// connection's thread; the handler hops to the main actor itself. A request cut short by the client
/// ending its side is 400. At most ``maximumConnections``
/// are served at once; beyond that a connection gets 503. Garbage costs a 400 and a closed
/// connection, nothing more.
public final class HTTPServer: Sendable {
    /// What answers a request; called on the connection's thread.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPReply

    /// The most connections served at once (event streams included).
    public static let maximumConnections = 128

    /// The port listened on (the one the system chose when asked for port 0).
    public let port: UInt16
    /// How long a client has to send its whole request.
    public let readTimeout: Duration

    private let listener: Int32
    private let handler: Handler
    private let connections = ConnectionTable()

    /// Listens on `host`, which must be 127.0.0.1, at `port` (0: any free port); serves nothing
    /// until ``start()``.
    public init(
        host: String = "127.0.0.1", port: UInt16, readTimeout: Duration = .seconds(10),
        handler: @escaping Handler
    ) throws(HTTPServerError) {
        guard host == "127.0.0.1" else { throw .notLoopback(host) }
        let (listener, boundPort) = try Socket.listen(port: port)
        self.listener = listener
        self.port = boundPort
        self.readTimeout = readTimeout
        self.handler = handler
    }

    /// Starts accepting connections on a thread of its own.
    public func start() {
        Thread { [self] in acceptLoop() }.start()
    }

    /// Stops accepting and ends every open connection (each closes on its own thread).
    public func stop() {
        guard let open = connections.stop() else { return }
        Socket.shutdown(listener)
        for descriptor in open { Socket.shutdown(descriptor) }
    }

    /// How many connections are open now.
    public var openConnections: Int { connections.count }

    private func acceptLoop() {
        while let client = Socket.accept(on: listener) {
            let admitted = connections.admit(client, limit: Self.maximumConnections)
            guard admitted else {
                Socket.setTimeouts(client, read: .seconds(1), write: .seconds(1))
                Socket.send(client, HTTPResponse.error(.serviceUnavailable, "too many connections").bytes)
                Socket.close(client)
                continue
            }
            Thread { [self] in serve(client) }.start()
        }
        Socket.close(listener)
    }

    private func serve(_ client: Int32) {
        defer {
            connections.remove(client)
            Socket.close(client)
        }
        Socket.setTimeouts(client, read: readTimeout, write: .seconds(10))
        switch readRequest(client) {
        case .gone:
            return
        case .answer(let response):
            answer(client, response)
        case .request(let request):
            switch handler(request) {
            case .response(let response):
                answer(client, response, withBody: request.method != "HEAD")
            case .events(let opened, let closed):
                stream(client, opened: opened, closed: closed)
            }
        }
    }

    /// What reading a connection gave.
    private enum Incoming {
        /// A whole request.
        case request(HTTPRequest)
        /// No request this server takes: the answer to send instead.
        case answer(HTTPResponse)
        /// The client left (or stayed silent) without sending anything.
        case gone
    }

    private func readRequest(_ client: Int32) -> Incoming {
        let late = HTTPResponse.error(.requestTimeout, "the request did not arrive in time")
        let deadline = ContinuousClock.now + readTimeout
        var received: [UInt8] = []
        while true {
            switch HTTPRequestParser.parse(received) {
            case .request(let request, _):
                return .request(request)
            case .failure(let error):
                return .answer(.error(error.status, error.description))
            case .needsMore:
                break
            }
            guard ContinuousClock.now < deadline else { return .answer(late) }
            switch Socket.receive(client) {
            case .bytes(let bytes): received += bytes
            case .closed:
                // A client that ended its side mid-request may still read the answer.
                return received.isEmpty ? .gone : .answer(.error(.badRequest, "bad request: it ended early"))
            case .timedOut: return received.isEmpty ? .gone : .answer(late)
            }
        }
    }

    /// Sends the response (without its body for a `HEAD`), then reads and drops what the client still
    /// sends (at most a second and 1 MiB), so closing never resets the connection before the client
    /// read the answer.
    private func answer(_ client: Int32, _ response: HTTPResponse, withBody: Bool = true) {
        guard Socket.send(client, response.bytes(withBody: withBody)) else { return }
        Socket.finishSending(client)
        Socket.setTimeouts(client, read: .seconds(1), write: .seconds(1))
        var dropped = 0
        while dropped < 1_048_576, case .bytes(let bytes) = Socket.receive(client) {
            dropped += bytes.count
        }
    }

    private func stream(
        _ client: Int32, opened: @escaping @Sendable (EventStream) -> Void,
        closed: @escaping @Sendable (EventStream) -> Void
    ) {
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
            + "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        guard Socket.send(client, Data(head.utf8)) else { return }
        let events = EventStream(descriptor: client)
        opened(events)
        // The client sends nothing more; this read ends when it leaves or the stream is closed.
        reading: while !events.isClosed {
            switch Socket.receive(client) {
            case .bytes, .timedOut: continue reading
            case .closed: break reading
            }
        }
        events.close()
        closed(events)
        events.drain()
    }
}
