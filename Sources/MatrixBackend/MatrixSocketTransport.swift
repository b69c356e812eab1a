import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    /// ``MatrixHTTPClient``'s transport for a plain-`http` homeserver on Linux: HTTP/1.1 over POSIX
    /// sockets, so that a hostile or broken server can never take the app's memory.
    ///
    /// Why not `URLSession`: on Linux, FoundationNetworking runs libcurl on a thread of its own and
    /// hands each chunk it reads to the delegate queue later, with no back-pressure, so a delegate
    /// that cancels an answer over the limit acts only when its queue gets to run. On a busy machine
    /// the transport meanwhile read on into memory: a 400 MB answer, refused, still took a client to
    /// 468 MB (`HostileServerMemoryTests`). Here the limit is checked by the code that reads, before it reads on:
    ///
    /// - the head (status line and headers) is read up to ``MatrixHTTPResponseHead/maximumBytes``;
    /// - an answer whose `Content-Length` is over the limit is refused at its headers;
    /// - a chunked body, or one ended by the connection's close, is refused as soon as the next chunk
    ///   or read would pass the limit; the connection is then closed, unread;
    /// - every exchange has one deadline (the request's `timeoutInterval`), for connecting, sending
    ///   and reading alike, so a server that stalls costs time, bounded, never a thread forever.
    ///
    /// Each exchange runs on a thread of its own (blocking reads never hold Swift concurrency's
    /// threads). A connection whose answer was read whole and which the server keeps open is kept for
    /// the next request (at most ``maximumIdleConnections``); a request sent on a kept connection that
    /// the server had meanwhile closed, before any answer came, is sent once more on a new one.
    /// Redirects are not followed and bodies are never decoded (the client asks for none).
    final class MatrixSocketTransport: Sendable {
        /// The most connections kept open between requests.
        static let maximumIdleConnections = 8

        /// The most bytes an answer's body may have.
        let limit: Int
        private let idle = Mutex<[String: [MatrixSocket]]>([:])
        private let held = Mutex(0)

        /// The most body bytes this transport ever held for one answer: never more than ``limit``.
        var largestAnswerHeld: Int { held.withLock { $0 } }

        /// A transport refusing answers over `limit` bytes.
        init(limit: Int) { self.limit = limit }

        /// Sends `request` (an `http` URL) and answers the server's answer.
        func exchange(_ request: URLRequest) async -> Result<MatrixHTTPAnswer, MatrixTransportFailure> {
            await withCheckedContinuation { continuation in
                let thread = Thread { continuation.resume(returning: self.perform(request)) }
                thread.start()
            }
        }

        private func perform(_ request: URLRequest) -> Result<MatrixHTTPAnswer, MatrixTransportFailure> {
            let deadline = ContinuousClock.now + .seconds(request.timeoutInterval)
            let message: MatrixHTTPRequestMessage
            switch MatrixHTTPRequestMessage.make(request) {
            case .success(let made): message = made
            case .failure(let failure): return .failure(failure)
            }
            if let kept = takeIdleConnection(to: message.authority) {
                // `nil`: the server had closed it; once more on a new connection.
                if let result = exchange(message, on: kept, until: deadline) { return result }
            }
            guard
                let socket = MatrixSocket.connect(host: message.host, port: message.port, deadline: deadline)
            else { return .failure(.transport) }
            return exchange(message, on: socket, until: deadline) ?? .failure(.transport)
        }

        /// The answer on `socket`, or `nil` if the connection ended before any of it came.
        private func exchange(
            _ message: MatrixHTTPRequestMessage, on socket: MatrixSocket,
            until deadline: ContinuousClock.Instant
        ) -> Result<MatrixHTTPAnswer, MatrixTransportFailure>? {
            guard socket.send(message.bytes, until: deadline) else { return nil }
            var reader = MatrixHTTPAnswerReader(socket: socket, limit: limit, deadline: deadline)
            let outcome = reader.read()
            held.withLock { $0 = max($0, reader.largestBodyHeld) }
            switch outcome {
            case .answer(let answer, let reusable):
                if reusable { keep(socket, to: message.authority) }
                return .success(answer)
            case .failed(let failure): return .failure(failure)
            case .closedBeforeAnswer: return nil
            }
        }

        private func takeIdleConnection(to authority: String) -> MatrixSocket? {
            while let socket = idle.withLock({ $0[authority]?.popLast() }) {
                if socket.isIdle { return socket }
            }
            return nil
        }

        private func keep(_ socket: MatrixSocket, to authority: String) {
            idle.withLock { idle in
                guard idle[authority, default: []].count < Self.maximumIdleConnections else { return }
                idle[authority, default: []].append(socket)
            }
        }
    }
#endif
