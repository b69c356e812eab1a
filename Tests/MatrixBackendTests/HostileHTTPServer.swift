import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A scripted hostile homeserver on 127.0.0.1 (a port the system picks): answers each request by the
/// first route whose text its path contains, records the paths asked for, and counts the connections
/// it accepted and the bytes it managed to send — so a test can tell that a client stopped reading, or
/// reused a connection, without timing anything.
///
/// Each connection is served on a thread of its own. Unless the server keeps connections open, it
/// closes each one after its first answer; kept open, it reads the next request on it after every
/// ``Answer/json(status:body:)`` answer, until the client closes it.
final class HostileHTTPServer: Sendable {
    /// How to answer.
    enum Answer: Sendable {
        /// A whole JSON body with its `Content-Length`.
        case json(status: Int, body: String)
        /// A whole JSON body without a `Content-Length` (it ends when the connection closes).
        case unsized(body: String)
        /// `total` bytes of body (a JSON string that never ends) in 1 MiB writes; with the given
        /// `Content-Length`, or none (the body ends when the connection closes).
        case endless(total: Int, declaredLength: Int?)
        /// `total` bytes of body (a JSON string that never ends) in 1 MiB chunks of a chunked answer.
        case endlessChunked(total: Int)
        /// These bytes exactly, status line and headers included, then the connection is closed.
        case raw(String)
        /// Nothing: the request is read and the connection held until the client closes it.
        case stall
        /// A whole JSON body (as ``json(status:body:)``) on a connection's first request; on a later
        /// one, the connection closed without an answer (as a server whose keep-alive timer fired).
        case onFreshConnectionOnly(body: String)
    }

    /// The server's address, such as `http://127.0.0.1:40123`.
    let url: URL
    private let listener: Int32
    private let record = Record()

    /// What the serving threads saw; the threads hold this, not the server, so releasing the server
    /// stops them.
    private final class Record: Sendable {
        struct State {
            var paths: [String] = []
            var requests: [String] = []
            var bytesSent = 0
            var answered = 0
            var connections = 0
        }
        let state = Mutex(State())
    }

    /// Starts a server answering by `routes` (path text, answer), and 404 `M_NOT_FOUND` otherwise,
    /// keeping connections open between answers if `keepsConnectionsOpen`; `nil` if the system refused
    /// a socket.
    init?(routes: [(String, Answer)], keepsConnectionsOpen: Bool = false) {
        #if canImport(Glibc)
            guard let (listener, url) = LoopbackListener.open() else { return nil }
            self.url = url
            self.listener = listener
            let record = record
            let thread = Thread {
                Self.accept(on: listener, routes, keepsConnectionsOpen: keepsConnectionsOpen, record: record)
            }
            thread.start()
        #else
            return nil
        #endif
    }

    deinit {
        #if canImport(Glibc)
            shutdown(listener, Int32(SHUT_RDWR))
        #endif
    }

    /// The request paths asked for so far (with their queries), in order.
    var paths: [String] { record.state.withLock { $0.paths } }
    /// The requests received so far, whole (request line, headers, body), in order.
    var requests: [String] { record.state.withLock { $0.requests } }
    /// The body bytes the server managed to hand to the connection so far.
    var bytesSent: Int { record.state.withLock { $0.bytesSent } }
    /// How many answers were finished (sent whole, or cut off by the client).
    var answered: Int { record.state.withLock { $0.answered } }
    /// How many connections the server accepted.
    var connections: Int { record.state.withLock { $0.connections } }

    #if canImport(Glibc)
        private static func accept(
            on listener: Int32, _ routes: [(String, Answer)], keepsConnectionsOpen: Bool, record: Record
        ) {
            while true {
                let client = Glibc.accept(listener, nil, nil)
                guard client >= 0 else {
                    close(listener)
                    return
                }
                record.state.withLock { $0.connections += 1 }
                let thread = Thread {
                    serve(client, routes, keepsConnectionsOpen: keepsConnectionsOpen, record: record)
                }
                thread.start()
            }
        }

        private static func serve(
            _ client: Int32, _ routes: [(String, Answer)], keepsConnectionsOpen: Bool, record: Record
        ) {
            // A send timeout: a client that stopped reading never holds the server forever. (The send
            // buffer is the system's: a hostile server sends as fast as the connection takes it.)
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            for served in 0... {
                let request = LoopbackListener.readWholeRequest(from: client)
                let line = request.split(separator: "\r\n").first?.split(separator: " ") ?? []
                guard line.count > 1 else { break }
                let path = String(line[1])
                record.state.withLock {
                    $0.paths.append(path)
                    $0.requests.append(request)
                }
                var answer =
                    routes.first { path.contains($0.0) }?.1
                    ?? .json(status: 404, body: #"{"errcode":"M_NOT_FOUND","error":"no route"}"#)
                if case .onFreshConnectionOnly(let body) = answer {
                    guard served == 0 else { break }
                    answer = .json(status: 200, body: body)
                }
                write(answer, to: client, keepingItOpen: keepsConnectionsOpen, record: record)
                record.state.withLock { $0.answered += 1 }
                guard keepsConnectionsOpen, case .json = answer else { break }
            }
            shutdown(client, Int32(SHUT_RDWR))
            close(client)
        }

        private static func write(_ answer: Answer, to client: Int32, keepingItOpen: Bool, record: Record) {
            let filler = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
            switch answer {
            case .json(let status, let body):
                let head =
                    "HTTP/1.1 \(status) Hostile\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(body.utf8.count)\r\n\(keepingItOpen ? "" : "Connection: close\r\n")\r\n"
                _ = Self.send(Data(head.utf8), to: client)
                if Self.send(Data(body.utf8), to: client) {
                    record.state.withLock { $0.bytesSent += body.utf8.count }
                }
            case .unsized(let body):
                let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"
                if Self.send(Data(head.utf8), to: client), Self.send(Data(body.utf8), to: client) {
                    record.state.withLock { $0.bytesSent += body.utf8.count }
                }
            case .endless(let total, let declaredLength):
                var head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
                if let declaredLength { head += "Content-Length: \(declaredLength)\r\n" }
                guard Self.send(Data((head + "\r\n").utf8), to: client) else { return }
                let chunk = Data(#"{"a":""#.utf8) + filler.dropFirst(6)
                var sent = 0
                while sent < total, Self.send(chunk, to: client) {
                    sent += chunk.count
                    record.state.withLock { $0.bytesSent += chunk.count }
                }
            case .endlessChunked(let total):
                let head =
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                guard Self.send(Data(head.utf8), to: client) else { return }
                var sent = 0
                while sent < total {
                    let body = sent == 0 ? Data(#"{"a":""#.utf8) + filler.dropFirst(6) : filler
                    guard Self.send(Data("100000\r\n".utf8) + body + Data("\r\n".utf8), to: client) else {
                        return
                    }
                    sent += body.count
                    record.state.withLock { $0.bytesSent += body.count }
                }
                _ = Self.send(Data("0\r\n\r\n".utf8), to: client)
            case .raw(let text):
                if Self.send(Data(text.utf8), to: client) {
                    record.state.withLock { $0.bytesSent += text.utf8.count }
                }
            case .onFreshConnectionOnly:
                break  // Made a `.json` answer, or no answer, by the caller.
            case .stall:
                // Held until the client gives up and closes its side.
                var byte: UInt8 = 0
                while recv(client, &byte, 1, 0) > 0 {}
            }
        }

        /// Sends all of `data`; `false` once the connection refuses (the client closed it).
        private static func send(_ data: Data, to client: Int32) -> Bool {
            data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let count = Glibc.send(
                        client, buffer.baseAddress?.advanced(by: offset), buffer.count - offset,
                        Int32(MSG_NOSIGNAL))
                    guard count > 0 else { return false }
                    offset += count
                }
                return true
            }
        }
    #endif
}
