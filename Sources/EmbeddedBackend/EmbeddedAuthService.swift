import Models
import Services

/// ``Services/AuthService`` over an ``EmbeddedServer``.
public struct EmbeddedAuthService: AuthService {
    /// The server answering.
    public let server: EmbeddedServer

    /// Creates the service.
    public init(server: EmbeddedServer) { self.server = server }

    /// Asks the server to sign in.
    public func signIn(_ credentials: Credentials, completion: @escaping ServiceCompletion<AuthSession>) {
        server.signIn(credentials, completion: completion)
    }

    /// Asks the server to create an account.
    public func signUp(_ request: SignUpRequest, completion: @escaping ServiceCompletion<AuthSession>) {
        server.signUp(request, completion: completion)
    }

    /// Asks the server who owns the token.
    public func validate(accessToken: String, completion: @escaping ServiceCompletion<User>) {
        server.validate(accessToken: accessToken, completion: completion)
    }

    /// Asks the server to rotate the tokens.
    public func refresh(refreshToken: String, completion: @escaping ServiceCompletion<AuthTokens>) {
        server.refresh(refreshToken: refreshToken, completion: completion)
    }

    /// Asks the server to end the session.
    public func signOut(accessToken: String, completion: @escaping ServiceCompletion<Void>) {
        server.signOut(accessToken: accessToken, completion: completion)
    }
}
