/// Why the server could not start listening.
public enum HTTPServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The host is not 127.0.0.1: the server listens on this machine's loopback only.
    case notLoopback(String)
    /// The system refused the socket, the address (port taken) or the listening.
    case cannotListen(port: UInt16, reason: String)

    /// A sentence for the command line.
    public var description: String {
        switch self {
        case .notLoopback(let host): "refusing to listen on '\(host)': only 127.0.0.1 is served"
        case .cannotListen(let port, let reason): "cannot listen on 127.0.0.1:\(port): \(reason)"
        }
    }
}
