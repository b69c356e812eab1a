import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP server on 127.0.0.1 that answers every request with the same status and body: for
/// tests of how a client reads answers a real server would not give (garbage, wrong shapes).
///
/// It listens on a port the system picks, serves on a background thread, and stops when released.
public final class CannedHTTPServer: @unchecked Sendable {
    // @unchecked: `socket` is written once in init; the accept thread only reads it.
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
                    guard client >= 0 else { return }
                    var buffer = [UInt8](repeating: 0, count: 65_536)
                    _ = recv(client, &buffer, buffer.count, 0)
                    _ = response.withUnsafeBytes {
                        send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                    }
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
            close(socket)
        #endif
    }
}
