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
            guard let (listener, url) = LoopbackListener.open() else { return nil }
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
                    LoopbackListener.readRequest(from: client)
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
}
