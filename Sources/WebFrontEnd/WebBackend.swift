import Foundation

/// Which backend each browser session's engine runs on.
public enum WebBackend: Hashable, Sendable {
    /// One embedded server every session shares, with the demo people, in real time.
    case embedded
    /// A Matrix homeserver (loopback or https), in real time; every session signs in to it.
    case matrix(homeserver: URL)
}
