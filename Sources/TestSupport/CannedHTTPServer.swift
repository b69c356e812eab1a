import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP server on 127.0.0.1 that answers every request with the same status and body: for
/// tests of how a client reads answers a real server would not give (garbage, wrong shapes).
///
/// It listens on a port the system picks, serves on a background thread, and stops when released.
public final class CannedHTTPServer: @unchecked Sendable {
    // @unchecked: `socket` is written once in init and only shut down in deinit.
    /// The server's address, such as `http://127.0.0.1:40123`.
    public let url: URL
    private let socket: Int32

    /// Starts a server answering `status` and `body` (sent as `application/json`); `nil` if the
    /// system refused a socket.
    public init?(status: Int = 200, body: String) {
        #if canImport(Glibc)
            let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard listener >= 0 else { return nil }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = 0
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                    bind(listener, generic, length) == 0 && listen(listener, 16) == 0
                        && getsockname(listener, generic, &length) == 0
                }
            }
            guard bound, let url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")
            else {
                close(listener)
                return nil
            }
            self.url = url
            self.socket = listener
            let response = Data(
                ("HTTP/1.1 \(status) Canned\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
                    + "Connection: close\r\n\r\n\(body)").utf8)
            let thread = Thread {
                while true {
                    let client = accept(listener, nil, nil)
                    guard client >= 0 else {
                        // Shut down: the listener is closed here, so its number cannot be reused early.
                        close(listener)
                        return
                    }
                    Self.readRequest(from: client)
                    _ = response.withUnsafeBytes {
                        send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                    }
                    shutdown(client, Int32(SHUT_WR))
                    close(client)
                }
            }
            thread.start()
        #else
            return nil
        #endif
    }

    deinit {
        #if canImport(Glibc)
            shutdown(socket, Int32(SHUT_RDWR))
        #endif
    }

    #if canImport(Glibc)
        /// Reads a whole request (headers, then `Content-Length` bytes of body), so closing after the
        /// answer never resets a connection with unread data.
        private static func readRequest(from client: Int32) {
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while received.count < 1_048_576 {
                let count = recv(client, &buffer, buffer.count, 0)
                guard count > 0 else { return }
                received += buffer[0..<count]
                let text = String(decoding: received, as: UTF8.self)
                guard let end = text.range(of: "\r\n\r\n") else { continue }
                let headers = text[..<end.lowerBound].lowercased()
                let length =
                    headers.split(separator: "\r\n")
                    .first { $0.hasPrefix("content-length:") }
                    .flatMap {
                        Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
                    } ?? 0
                let headerBytes = text[..<end.upperBound].utf8.count
                if received.count >= headerBytes + length { return }
            }
        }
    #endif
}
