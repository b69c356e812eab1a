import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The few POSIX socket calls the server makes, each over a plain file descriptor.
///
/// Who closes: the thread that accepted a connection closes it, once; other threads only
/// ``shutdown(_:)`` it (which wakes a blocked read), so a descriptor is never closed twice or reused
/// under a reader. Built on Glibc; without it ``listen(port:)`` refuses and nothing else is reached.
enum Socket {
    /// What one read returned.
    enum Received {
        /// Some bytes.
        case bytes([UInt8])
        /// The peer closed its side (or the socket was shut down).
        case closed
        /// The read timeout passed with nothing received.
        case timedOut
    }

    #if canImport(Glibc)
        /// A socket listening on 127.0.0.1 at `port` (0: any free port) and the port it got.
        static func listen(port: UInt16) throws(HTTPServerError) -> (descriptor: Int32, port: UInt16) {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard listener >= 0 else { throw .cannotListen(port: port, reason: lastError()) }
            var reuse: Int32 = 1
            setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let failure = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic -> String? in
                    if bind(listener, generic, length) != 0 { return "bind: \(lastError())" }
                    if Glibc.listen(listener, 64) != 0 { return "listen: \(lastError())" }
                    if getsockname(listener, generic, &length) != 0 { return "getsockname: \(lastError())" }
                    return nil
                }
            }
            if let failure {
                Glibc.close(listener)
                throw .cannotListen(port: port, reason: failure)
            }
            return (listener, UInt16(bigEndian: address.sin_port))
        }

        /// Waits for the next connection; `nil` once the listener is shut down or failing for good.
        static func accept(on listener: Int32) -> Int32? {
            while true {
                let client = Glibc.accept(listener, nil, nil)
                if client >= 0 { return client }
                // A signal, or a connection reset before it was taken: wait for the next one.
                if errno == EINTR || errno == ECONNABORTED { continue }
                return nil
            }
        }

        /// Limits how long one read and one write on `descriptor` may block.
        static func setTimeouts(_ descriptor: Int32, read: Duration, write: Duration) {
            for (option, duration) in [(SO_RCVTIMEO, read), (SO_SNDTIMEO, write)] {
                let parts = duration.components
                var value = timeval(
                    tv_sec: Int(parts.seconds), tv_usec: Int(parts.attoseconds / 1_000_000_000_000))
                setsockopt(descriptor, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
            }
        }

        /// Reads what has arrived, up to `limit` bytes, waiting at most the read timeout.
        static func receive(_ descriptor: Int32, limit: Int = 16_384) -> Received {
            var buffer = [UInt8](repeating: 0, count: limit)
            while true {
                let count = recv(descriptor, &buffer, limit, 0)
                if count > 0 { return .bytes(Array(buffer[0..<count])) }
                if count == 0 { return .closed }
                if errno == EINTR { continue }
                return errno == EAGAIN || errno == EWOULDBLOCK ? .timedOut : .closed
            }
        }

        /// Writes all of `data`; `false` if the peer is gone or a write timed out.
        @discardableResult
        static func send(_ descriptor: Int32, _ data: Data) -> Bool {
            let bytes = [UInt8](data)
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { buffer in
                    Glibc.send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
                }
                if count > 0 {
                    sent += count
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }

        /// Ends both directions: a blocked read or accept returns; the descriptor stays open.
        static func shutdown(_ descriptor: Int32) { _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }

        /// Ends sending: the peer reads the end of the answer; reading stays possible.
        static func finishSending(_ descriptor: Int32) { _ = Glibc.shutdown(descriptor, Int32(SHUT_WR)) }

        /// Releases the descriptor (its owner only, once).
        static func close(_ descriptor: Int32) { _ = Glibc.close(descriptor) }

        private static func lastError() -> String { String(cString: strerror(errno)) }
    #else
        /// Refuses: this server needs Glibc's sockets.
        static func listen(port: UInt16) throws(HTTPServerError) -> (descriptor: Int32, port: UInt16) {
            throw .cannotListen(port: port, reason: "this server needs Linux (Glibc) sockets")
        }
        /// Never reached without a listener.
        static func accept(on listener: Int32) -> Int32? { nil }
        /// Never reached without a listener.
        static func setTimeouts(_ descriptor: Int32, read: Duration, write: Duration) {}
        /// Never reached without a listener.
        static func receive(_ descriptor: Int32, limit: Int = 16_384) -> Received { .closed }
        /// Never reached without a listener.
        @discardableResult
        static func send(_ descriptor: Int32, _ data: Data) -> Bool { false }
        /// Never reached without a listener.
        static func shutdown(_ descriptor: Int32) {}
        /// Never reached without a listener.
        static func finishSending(_ descriptor: Int32) {}
        /// Never reached without a listener.
        static func close(_ descriptor: Int32) {}
    #endif
}
