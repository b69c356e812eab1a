import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The socket work the test servers share: a listener on 127.0.0.1 at a port the system picks, and
/// reading one whole request.
public enum LoopbackListener {
    /// A listening socket on 127.0.0.1 and its address (`http://127.0.0.1:<port>`); `nil` if the
    /// system refused one (or has no Glibc).
    public static func open() -> (socket: Int32, url: URL)? {
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
            return (listener, url)
        #else
            return nil
        #endif
    }

    /// Reads a whole request (headers, then `Content-Length` bytes of body, at most 1 MiB), so closing
    /// after the answer never resets a connection with unread data; answers the path of its request
    /// line (`/_matrix/…?…`), or an empty string.
    @discardableResult
    public static func readRequest(from client: Int32) -> String {
        let line = readWholeRequest(from: client).split(separator: "\r\n").first ?? ""
        let parts = line.split(separator: " ")
        return parts.count > 1 ? String(parts[1]) : ""
    }

    /// Reads a whole request (headers, then `Content-Length` bytes of body, at most 1 MiB) and answers
    /// it as text, request line, headers and body; an empty string if the client closed first.
    public static func readWholeRequest(from client: Int32) -> String {
        #if canImport(Glibc)
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while received.count < 1_048_576 {
                let count = recv(client, &buffer, buffer.count, 0)
                guard count > 0 else { break }
                received += buffer[0..<count]
                let text = String(decoding: received, as: UTF8.self)
                guard let end = text.range(of: "\r\n\r\n") else { continue }
                let headers = text[..<end.lowerBound].lowercased()
                let length =
                    headers.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap {
                        Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
                    } ?? 0
                if received.count >= text[..<end.upperBound].utf8.count + length { break }
            }
            return String(decoding: received, as: UTF8.self)
        #else
            return ""
        #endif
    }
}
