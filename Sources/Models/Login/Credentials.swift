/// What sign-in sends: an identifier (username or email) and a password.
public struct Credentials: Hashable, Sendable {
    /// The username or email, trimmed.
    public var identifier: String
    /// The password as typed.
    public var password: String

    /// Creates credentials.
    public init(identifier: String, password: String) {
        self.identifier = identifier
        self.password = password
    }
}
