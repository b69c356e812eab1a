import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A raw HTTP client for the server tests: writes exact bytes to 127.0.0.1 and reads what comes
/// back, every read bounded by a timeout (blocking; call it off the main actor).
///
/// The timeout is generous: the server answers a session's request on the main actor, which the
/// other suites' main-actor tests may hold for many seconds while the whole test run goes on.
final class TestHTTPClient: Sendable {
    /// An answer as read: status, headers by lowercased name, body.
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data

        /// The body as JSON (an object), or empty.
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        /// The body as text.
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let descriptor: Int32

    /// Connects to 127.0.0.1 at `port`; `nil` if refused.
    init?(port: UInt16, timeout: Int = 120) {
        #if canImport(Glibc)
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { return nil }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            guard connected else {
                close(socket)
                return nil
            }
            var limit = timeval(tv_sec: timeout, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            descriptor = socket
        #else
            return nil
        #endif
    }

    deinit {
        #if canImport(Glibc)
            close(descriptor)
        #endif
    }

    /// Writes the bytes; `false` if the server closed first.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        #if canImport(Glibc)
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes {
                    Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                guard count > 0 else { return false }
                sent += count
            }
        #endif
        return true
    }

    /// Ends the sending side: the server sees the end of the request.
    func finishSending() {
        #if canImport(Glibc)
            _ = shutdown(descriptor, Int32(SHUT_WR))
        #endif
    }

    /// Reads what arrived next (empty at the end, or after the timeout).
    func receive() -> [UInt8] {
        #if canImport(Glibc)
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            return count > 0 ? Array(buffer[0..<count]) : []
        #else
            return []
        #endif
    }

    /// Reads until the server closes (or a read times out), on a thread of its own.
    func receiveAll() async -> [UInt8] { await Self.blocking { self.receiveAllNow() } }

    private func receiveAllNow() -> [UInt8] {
        var all: [UInt8] = []
        while true {
            let bytes = receive()
            if bytes.isEmpty { return all }
            all += bytes
        }
    }

    /// Reads until `text` has arrived `count` times in all (or the stream ends or times out); answers
    /// everything read.
    func receive(until text: String, count: Int) async -> String {
        await Self.blocking { self.receiveNow(until: text, count: count) }
    }

    private func receiveNow(until text: String, count: Int) -> String {
        var all: [UInt8] = []
        while String(decoding: all, as: UTF8.self).components(separatedBy: text).count - 1 < count {
            let bytes = receive()
            if bytes.isEmpty { break }
            all += bytes
        }
        return String(decoding: all, as: UTF8.self)
    }

    /// Parses a whole `Connection: close` answer.
    static func answer(_ bytes: [UInt8]) -> Answer? {
        let data = Data(bytes)
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return Answer(status: status, headers: headers, body: data[end.upperBound...])
    }

    /// One request on a fresh connection, answered whole; `nil` if the server could not be reached or
    /// answered no HTTP.
    static func request(
        port: UInt16, _ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:]
    ) async -> Answer? {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        return await raw(port: port, Array((head + "\r\n" + (body ?? "")).utf8))
    }

    /// Exact bytes on a fresh connection; the answer read until the server closes.
    static func raw(port: UInt16, _ bytes: [UInt8]) async -> Answer? {
        guard let client = TestHTTPClient(port: port) else { return nil }
        client.send(bytes)
        return answer(await client.receiveAll())
    }

    /// Runs blocking socket work on a thread of its own, never on the concurrency pool's few
    /// threads (the other suites' work needs them, and the server's answers may wait for the main
    /// actor while those suites hold it).
    static func blocking<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }
}
