import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A scripted hostile homeserver on 127.0.0.1 (a port the system picks): answers each request by the
/// first route whose text its path contains, records the paths asked for, and counts the bytes it
/// managed to send — so a test can tell that a client stopped reading, without timing anything.
final class HostileHTTPServer: Sendable {
    /// How to answer.
    enum Answer: Sendable {
        /// A whole JSON body with its `Content-Length`.
        case json(status: Int, body: String)
        /// A whole JSON body without a `Content-Length` (it ends when the connection closes).
        case unsized(body: String)
        /// `total` bytes of body (a JSON string that never ends) in 64 KiB writes; with the given
        /// `Content-Length`, or none (the body ends when the connection closes).
        case endless(total: Int, declaredLength: Int?)
    }

    /// The server's address, such as `http://127.0.0.1:40123`.
    let url: URL
    private let listener: Int32
    private let record = Record()

    /// What the serving thread saw; the thread holds this, not the server, so releasing the server
    /// stops the thread.
    private final class Record: Sendable {
        struct State {
            var paths: [String] = []
            var bytesSent = 0
            var answered = 0
        }
        let state = Mutex(State())
    }

    /// Starts a server answering by `routes` (path text, answer), and 404 `M_NOT_FOUND` otherwise;
    /// `nil` if the system refused a socket.
    init?(routes: [(String, Answer)]) {
        #if canImport(Glibc)
            guard let (listener, url) = LoopbackListener.open() else { return nil }
            self.url = url
            self.listener = listener
            let record = record
            let thread = Thread { Self.serve(routes, listener: listener, record: record) }
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
    /// The body bytes the server managed to hand to the connection so far.
    var bytesSent: Int { record.state.withLock { $0.bytesSent } }
    /// How many answers were finished (sent whole, or cut off by the client).
    var answered: Int { record.state.withLock { $0.answered } }

    #if canImport(Glibc)
        private static func serve(_ routes: [(String, Answer)], listener: Int32, record: Record) {
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else {
                    close(listener)
                    return
                }
                // A small send buffer and a send timeout: a client that stopped reading shows at once
                // in the count, and never holds the server forever.
                var size: Int32 = 65_536
                setsockopt(client, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
                var timeout = timeval(tv_sec: 10, tv_usec: 0)
                setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                let path = LoopbackListener.readRequest(from: client)
                record.state.withLock { $0.paths.append(path) }
                let answer =
                    routes.first { path.contains($0.0) }?.1
                    ?? .json(status: 404, body: #"{"errcode":"M_NOT_FOUND","error":"no route"}"#)
                write(answer, to: client, record: record)
                record.state.withLock { $0.answered += 1 }
                shutdown(client, Int32(SHUT_RDWR))
                close(client)
            }
        }

        private static func write(_ answer: Answer, to client: Int32, record: Record) {
            switch answer {
            case .json(let status, let body):
                let head =
                    "HTTP/1.1 \(status) Hostile\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
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
                let chunk = Data(#"{"a":""#.utf8) + Data(repeating: UInt8(ascii: "x"), count: 65_536 - 6)
                var sent = 0
                while sent < total, Self.send(chunk, to: client) {
                    sent += chunk.count
                    record.state.withLock { $0.bytesSent += chunk.count }
                }
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
