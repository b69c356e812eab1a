#if canImport(Glibc)
    import Foundation
    import Glibc

    /// One TCP connection to a homeserver, non-blocking, whose every call waits at most until a
    /// deadline: the connections under ``MatrixSocketTransport``.
    ///
    /// The descriptor is opened close-on-exec (a child process never inherits it) and closed exactly
    /// once, when the value is released; closing with unread data resets the connection, which is how
    /// a refused answer's sender learns to stop.
    final class MatrixSocket: Sendable {
        /// What one read returned.
        enum Received: Equatable {
            /// This many bytes, at the start of the buffer.
            case bytes(Int)
            /// The server closed its side.
            case closed
            /// The deadline passed, or the connection failed (reset, unreachable).
            case failed
        }

        private let descriptor: Int32

        private init(descriptor: Int32) { self.descriptor = descriptor }

        deinit { close(descriptor) }

        /// A connection to `host` (a name, or an IPv4 or IPv6 address) at `port`, trying each address
        /// the name resolves to until one answers; `nil` if none did by `deadline`.
        static func connect(host: String, port: Int, deadline: ContinuousClock.Instant) -> MatrixSocket? {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            hints.ai_flags = AI_NUMERICSERV
            var addresses: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, String(port), &hints, &addresses) == 0 else { return nil }
            defer { freeaddrinfo(addresses) }
            var next = addresses
            while let entry = next?.pointee {
                next = entry.ai_next
                let flags = Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
                let descriptor = socket(entry.ai_family, entry.ai_socktype | flags, entry.ai_protocol)
                guard descriptor >= 0 else { continue }
                let socket = MatrixSocket(descriptor: descriptor)
                if Glibc.connect(descriptor, entry.ai_addr, entry.ai_addrlen) == 0 { return socket }
                guard errno == EINPROGRESS, socket.wait(for: Int16(POLLOUT), until: deadline) else {
                    continue
                }
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                if getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 {
                    return socket
                }
            }
            return nil
        }

        /// Sends all of `bytes`; `false` if the connection refused them or the deadline passed first.
        func send(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) -> Bool {
            var offset = 0
            while offset < bytes.count {
                let count = bytes.withUnsafeBytes { buffer in
                    Glibc.send(
                        descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset,
                        Int32(MSG_NOSIGNAL))
                }
                if count > 0 {
                    offset += count
                } else if count < 0, errno == EINTR {
                    continue
                } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    guard wait(for: Int16(POLLOUT), until: deadline) else { return false }
                } else {
                    return false
                }
            }
            return true
        }

        /// Reads what has arrived into `buffer` (at most its size), waiting for something until
        /// `deadline`.
        func receive(into buffer: inout [UInt8], until deadline: ContinuousClock.Instant) -> Received {
            while true {
                let count = recv(descriptor, &buffer, buffer.count, 0)
                if count > 0 { return .bytes(count) }
                if count == 0 { return .closed }
                if errno == EINTR { continue }
                guard errno == EAGAIN || errno == EWOULDBLOCK, wait(for: Int16(POLLIN), until: deadline)
                else {
                    return .failed
                }
            }
        }

        /// Whether the connection is still open with nothing to read: a kept-alive connection the server
        /// has not closed (nor written to) since its last answer, fit to carry the next request.
        var isIdle: Bool {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            return poll(&entry, 1, 0) == 0
        }

        /// Waits until the connection is ready for `events`, or has failed; `false` once `deadline`
        /// passed first.
        private func wait(for events: Int16, until deadline: ContinuousClock.Instant) -> Bool {
            while true {
                let remaining = ContinuousClock.now.duration(to: deadline)
                guard remaining > .zero else { return false }
                // At most a minute per call, then the deadline is checked again.
                let milliseconds = Int32(min((remaining / .milliseconds(1)).rounded(.up), 60_000))
                var entry = pollfd(fd: descriptor, events: events, revents: 0)
                let result = poll(&entry, 1, milliseconds)
                if result > 0 { return true }
                if result < 0, errno != EINTR { return false }
            }
        }
    }
#endif
