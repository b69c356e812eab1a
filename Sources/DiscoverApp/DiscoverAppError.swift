/// Why a ``DiscoverApp`` could not be built.
public enum DiscoverAppError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The homeserver address is not an `http` or `https` address with a host.
    case notAHomeserver(String)

    /// The reason as one line.
    public var description: String {
        switch self {
        case .notAHomeserver(let address): "'\(address)' is not an http(s) homeserver address"
        }
    }
}
