import Foundation

/// What sign-up sends, already validated.
public struct SignUpRequest: Hashable, Sendable {
    /// The new username.
    public var username: String
    /// An optional email address.
    public var email: String?
    /// The password as typed.
    public var password: String
    /// The name shown to others, trimmed.
    public var displayName: String
    /// The birth date (UTC midnight).
    public var birthDate: Date

    /// Creates a request.
    public init(username: String, email: String?, password: String, displayName: String, birthDate: Date) {
        self.username = username
        self.email = email
        self.password = password
        self.displayName = displayName
        self.birthDate = birthDate
    }
}
