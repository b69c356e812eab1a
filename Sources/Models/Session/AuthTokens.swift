import Foundation

/// The credentials a backend issued for one session.
///
/// Secret: its descriptions are redacted so tokens never reach transcripts, logs or tree dumps.
public struct AuthTokens: Hashable, Codable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The bearer token sent with every authorised request.
    public var accessToken: String
    /// When ``accessToken`` stops being accepted, if the backend said.
    public var accessTokenExpiresAt: Date?
    /// The token that buys a new access token, if the backend issues one.
    public var refreshToken: String?

    /// Creates a token set.
    public init(accessToken: String, accessTokenExpiresAt: Date?, refreshToken: String?) {
        self.accessToken = accessToken
        self.accessTokenExpiresAt = accessTokenExpiresAt
        self.refreshToken = refreshToken
    }

    /// A redacted description.
    public var description: String { "AuthTokens(<redacted>)" }
    /// A redacted description.
    public var debugDescription: String { description }
    /// A mirror with no children, so `dump` shows no secret.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
