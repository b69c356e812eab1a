import Foundation
import Interactors
import Models
import Services

// The server's account endpoints (sign in and up, tokens, the profile) and what they share with the
// set-up: accounts made, tokens issued and checked.
extension EmbeddedServer {
    func signIn(_ credentials: Credentials, completion: @escaping ServiceCompletion<AuthSession>) {
        perform(.signIn, completion: completion) { state, now in
            guard let id = state.identifiers[credentials.identifier.lowercased()],
                let account = state.accounts[id]
            else { return .failure(.invalidCredentials) }
            var failures = state.failures[id, default: SignInFailures()]
            if let lockedUntil = failures.lockedUntil, lockedUntil > now {
                let seconds = Int(lockedUntil.timeIntervalSince(now).rounded(.up))
                return .failure(.rateLimited(retryAfterSeconds: max(1, seconds)))
            }
            guard hasher.verify(credentials.password, against: account.passwordHash) else {
                failures.count += 1
                if failures.count >= configuration.maximumFailedSignIns {
                    failures.count = 0
                    failures.lockedUntil = now.addingTimeInterval(configuration.signInLockout.timeInterval)
                }
                state.failures[id] = failures
                return .failure(.invalidCredentials)
            }
            state.failures[id] = nil
            return .success(
                AuthSession(user: account.user, tokens: issueTokens(in: &state, for: id, now: now)))
        }
    }

    func signUp(_ request: SignUpRequest, completion: @escaping ServiceCompletion<AuthSession>) {
        perform(.signUp, completion: completion) { state, now in
            let created = createAccount(
                in: &state, username: request.username, email: request.email, password: request.password,
                displayName: request.displayName, birthDate: request.birthDate, profile: nil,
                location: .origin)
            return created.map { user in
                AuthSession(
                    user: user, tokens: issueTokens(in: &state, for: user.id, now: now), isNewAccount: true)
            }
        }
    }

    func validate(accessToken: String, completion: @escaping ServiceCompletion<User>) {
        performAuthorized(.validate, accessToken: accessToken, completion: completion) { state, id, _ in
            state.accounts[id].map { .success($0.user) } ?? .failure(.tokenRevoked)
        }
    }

    func refresh(refreshToken: String, completion: @escaping ServiceCompletion<AuthTokens>) {
        perform(.refresh, completion: completion) { state, now in
            guard let record = state.refreshTokens.removeValue(forKey: refreshToken) else {
                return .failure(.tokenRevoked)
            }
            guard record.expiresAt > now else { return .failure(.tokenExpired) }
            return .success(issueTokens(in: &state, for: record.user, now: now))
        }
    }

    func signOut(accessToken: String, completion: @escaping ServiceCompletion<Void>) {
        perform(.signOut, completion: completion) { state, _ in
            guard let record = state.accessTokens.removeValue(forKey: accessToken) else {
                return .failure(.tokenRevoked)
            }
            state.refreshTokens = state.refreshTokens.filter { $0.value.user != record.user }
            return .success(())
        }
    }

    func saveProfile(_ profile: Profile, accessToken: String, completion: @escaping ServiceCompletion<User>) {
        performAuthorized(.saveProfile, accessToken: accessToken, completion: completion) { state, id, _ in
            guard var account = state.accounts[id] else { return .failure(.tokenRevoked) }
            account.profile = profile
            account.user.hasProfile = true
            state.accounts[id] = account
            return .success(account.user)
        }
    }

    func fetchProfile(
        of user: UserID, accessToken: String, completion: @escaping ServiceCompletion<PublicProfile>
    ) {
        performAuthorized(.fetchProfile, accessToken: accessToken, completion: completion) { state, _, now in
            guard let account = state.accounts[user] else { return .failure(.notFound) }
            return .success(
                PublicProfile(
                    id: user, displayName: account.user.displayName,
                    age: CalendarMath.age(bornOn: account.user.birthDate, at: now), profile: account.profile))
        }
    }

    // MARK: Internals

    /// The user of a live access token: `tokenRevoked` if the token is unknown, `tokenExpired` if it
    /// expired.
    func authorize(_ token: String, in state: State, now: Date) -> Result<UserID, ServiceError> {
        guard let record = state.accessTokens[token] else { return .failure(.tokenRevoked) }
        guard record.expiresAt > now else { return .failure(.tokenExpired) }
        return .success(record.user)
    }

    private func issueTokens(in state: inout State, for user: UserID, now: Date) -> AuthTokens {
        let access = Self.randomToken("eat_", &state.generator)
        let refresh = Self.randomToken("ert_", &state.generator)
        let accessExpiry = now.addingTimeInterval(configuration.accessTokenLifetime.timeInterval)
        state.accessTokens[access] = TokenRecord(user: user, expiresAt: accessExpiry)
        state.refreshTokens[refresh] = TokenRecord(
            user: user, expiresAt: now.addingTimeInterval(configuration.refreshTokenLifetime.timeInterval))
        return AuthTokens(accessToken: access, accessTokenExpiresAt: accessExpiry, refreshToken: refresh)
    }

    func createAccount(
        in state: inout State, username: String, email: String?, password: String, displayName: String,
        birthDate: Date, profile: Profile?, location: PlanePoint
    ) -> Result<User, ServiceError> {
        let key = username.lowercased()
        guard state.identifiers[key] == nil, email.map({ state.identifiers[$0.lowercased()] == nil }) ?? true
        else {
            return .failure(.accountExists)
        }
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &state.generator) }
        let id = UserID(key)
        let user = User(
            id: id, username: username, displayName: displayName, birthDate: birthDate,
            hasProfile: profile != nil)
        state.accounts[id] = Account(
            user: user, email: email, passwordHash: hasher.hash(password, salt: salt),
            profile: profile ?? .empty, location: location)
        state.accountOrder.append(id)
        // An account whose id reads like a generated person's may like someone (see `poolIdsMayLike`).
        if pool.index(of: id) != nil { state.discovery.poolIdsMayLike = true }
        state.identifiers[key] = id
        if let email { state.identifiers[email.lowercased()] = id }
        return .success(user)
    }

    /// `prefix` followed by 16 random bytes in lowercase hex.
    private static func randomToken(_ prefix: String, _ generator: inout SeededGenerator) -> String {
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return prefix + SHA256.hex(bytes)
    }
}
