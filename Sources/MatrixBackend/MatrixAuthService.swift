import Foundation
import Models
import Services

/// ``Services/AuthService`` over the Matrix Client-Server API.
///
/// Sign-in is password login (`POST /login`, asking for a refresh token), sign-up is registration
/// with the dummy auth stage (`POST /register`), validation is `GET /account/whoami`, refresh is
/// `POST /refresh`, sign-out is `POST /logout`. The account's Discover facts (shown name, birth date,
/// whether the profile is set up) live in the `com.discover.account` account data.
public struct MatrixAuthService: AuthService {
    /// The shared connection.
    public let connection: MatrixConnection
    /// The live feed's stored `next_batch` tokens: the signed-out user's is removed at sign-out.
    public let syncTokens: MatrixSyncTokenStore?

    /// Creates the service.
    public init(connection: MatrixConnection, syncTokens: MatrixSyncTokenStore? = nil) {
        self.connection = connection
        self.syncTokens = syncTokens
    }

    /// Logs in with a password; `M_FORBIDDEN` is wrong credentials, `M_LIMIT_EXCEEDED` a rate limit.
    public func signIn(_ credentials: Credentials, completion: @escaping ServiceCompletion<AuthSession>) {
        let connection = connection
        connection.run(completion) { () async throws(ServiceError) -> AuthSession in
            let answer = try await connection.http.send(
                .post, ["login"],
                body: [
                    "type": "m.login.password",
                    "identifier": Self.identifier(
                        credentials.identifier, configuration: connection.configuration),
                    "password": .string(credentials.password), "refresh_token": true,
                    "initial_device_display_name": "Discover",
                ], purpose: .login)
            let (userID, tokens) = try Self.session(from: answer, in: "login", now: connection.scheduler.now)
            connection.remember(owner: userID, of: tokens.accessToken)
            let user = try await MatrixAccount.load(
                userID, accessToken: tokens.accessToken, connection: connection)
            return AuthSession(user: user, tokens: tokens)
        }
    }

    /// Registers an account, then records its name and birth date.
    public func signUp(_ request: SignUpRequest, completion: @escaping ServiceCompletion<AuthSession>) {
        let connection = connection
        connection.run(completion) { () async throws(ServiceError) -> AuthSession in
            let answer = try await connection.http.send(
                .post, ["register"],
                body: [
                    "username": .string(connection.configuration.localpart(for: request.username)),
                    "password": .string(request.password), "auth": ["type": "m.login.dummy"],
                    "refresh_token": true, "initial_device_display_name": "Discover",
                ])
            let (userID, tokens) = try Self.session(
                from: answer, in: "register", now: connection.scheduler.now)
            connection.remember(owner: userID, of: tokens.accessToken)
            let user = User(
                id: UserID(userID), username: request.username.lowercased(), displayName: request.displayName,
                birthDate: request.birthDate, hasProfile: false)
            try await MatrixAccount.save(
                user, email: request.email, location: connection.configuration.signUpLocation,
                accessToken: tokens.accessToken, connection: connection)
            _ = try await connection.http.send(
                .put, ["profile", userID, "displayname"], body: ["displayname": .string(request.displayName)],
                accessToken: tokens.accessToken)
            // The card others see starts with the name and age; profile set-up adds the rest.
            let pool = try await connection.poolRoom(user: userID, accessToken: tokens.accessToken)
            _ = try await connection.http.send(
                .put, ["rooms", pool, "state", MatrixEventType.profile, userID],
                body: MatrixProfiles.content(
                    displayName: request.displayName, birthDate: request.birthDate, profile: .empty,
                    location: connection.configuration.signUpLocation),
                accessToken: tokens.accessToken)
            return AuthSession(user: user, tokens: tokens, isNewAccount: true)
        }
    }

    /// Asks whoami; a soft-logged-out token is expired, an unknown one revoked.
    public func validate(accessToken: String, completion: @escaping ServiceCompletion<User>) {
        let connection = connection
        connection.run(completion) { () async throws(ServiceError) -> User in
            let answer = try await connection.http.send(
                .get, ["account", "whoami"], accessToken: accessToken)
            let userID = try answer.string("user_id", in: "whoami")
            connection.remember(owner: userID, of: accessToken)
            return try await MatrixAccount.load(userID, accessToken: accessToken, connection: connection)
        }
    }

    /// Trades the refresh token at `POST /refresh`.
    public func refresh(refreshToken: String, completion: @escaping ServiceCompletion<AuthTokens>) {
        let connection = connection
        connection.run(completion) { () async throws(ServiceError) -> AuthTokens in
            let answer = try await connection.http.send(
                .post, ["refresh"], body: ["refresh_token": .string(refreshToken)])
            let accessToken = try answer.string("access_token", in: "refresh")
            return AuthTokens(
                accessToken: accessToken,
                accessTokenExpiresAt: answer["expires_in_ms"]?.intValue.map {
                    connection.scheduler.now.addingTimeInterval(Double($0) / 1000)
                },
                refreshToken: answer["refresh_token"]?.stringValue ?? refreshToken)
        }
    }

    /// Logs the device out, first removing the user's stored sync token (even if the server cannot
    /// be told).
    public func signOut(accessToken: String, completion: @escaping ServiceCompletion<Void>) {
        let connection = connection
        let syncTokens = syncTokens
        connection.run(completion) { () async throws(ServiceError) in
            if let syncTokens, let me = try? await connection.owner(of: accessToken) {
                syncTokens.remove(of: me)
            }
            _ = try await connection.http.send(.post, ["logout"], accessToken: accessToken)
            connection.forget(accessToken: accessToken)
        }
    }

    /// Logs every device of the token's owner out (`POST /logout/all`): all their sessions end.
    public func signOutEverywhere(accessToken: String, completion: @escaping ServiceCompletion<Void>) {
        let connection = connection
        let syncTokens = syncTokens
        connection.run(completion) { () async throws(ServiceError) in
            if let syncTokens, let me = try? await connection.owner(of: accessToken) {
                syncTokens.remove(of: me)
            }
            _ = try await connection.http.send(.post, ["logout", "all"], accessToken: accessToken)
            connection.forget(accessToken: accessToken)
        }
    }

    /// The login identifier: a full user id as given, an email as a third-party id (Matrix finds it only
    /// if the account has verified it), anything else as a username in the namespace.
    static func identifier(_ text: String, configuration: MatrixConfiguration) -> JSONValue {
        if text.hasPrefix("@") { return ["type": "m.id.user", "user": .string(text)] }
        if text.contains("@") {
            return ["type": "m.id.thirdparty", "medium": "email", "address": .string(text.lowercased())]
        }
        return ["type": "m.id.user", "user": .string(configuration.localpart(for: text))]
    }

    /// Reads a login or registration answer.
    static func session(from answer: JSONValue, in context: String, now: Date) throws(ServiceError) -> (
        String, AuthTokens
    ) {
        let userID = try answer.string("user_id", in: context)
        let accessToken = try answer.string("access_token", in: context)
        let expiresAt = answer["expires_in_ms"]?.intValue.map { now.addingTimeInterval(Double($0) / 1000) }
        return (
            userID,
            AuthTokens(
                accessToken: accessToken, accessTokenExpiresAt: expiresAt,
                refreshToken: answer["refresh_token"]?.stringValue)
        )
    }
}
