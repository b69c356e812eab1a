import Foundation
import Interactors
import Models
import Services

/// The session use case's context: restores, starts and ends the signed-in session.
///
/// Inputs: ``launch()``, ``signedIn(_:)``, ``routeChanged(_:)``, ``logout()``, ``sessionEnded(_:)``, ``end()``.
/// Output: ``Models/SessionState`` through ``store``; a store error (an unreadable session file) is
/// reported through ``StateStore/report(_:)``. Owns the ``SessionScope`` while signed in.
@MainActor
public final class SessionContext: StateContext {
    /// The observable state.
    ///
    /// Emits on every phase change, and when the stored session changes (new tokens, the last place).
    public let store: StateStore<SessionState>
    /// The signed-in user's scope, made from the stored session; `nil` when signed out.
    public private(set) var scope: SessionScope?

    private let services: AppServices

    /// Creates a context over the app's services; made from a `state` another session context
    /// published, it goes on as that one would (a signed-in state brings its scope back).
    public init(services: AppServices, state: SessionState = SessionState()) {
        self.services = services
        store = StateStore(state)
        if case .signedIn = state.phase, let stored = state.stored { scope = makeScope(for: stored) }
    }

    /// Call when the app launches: restores the stored session, validates or refreshes it.
    public func launch() {
        store.update { state in
            state.generation += 1
            state.phase = .restoring
        }
        let current = store.snapshot.generation
        let loaded: StoredSession?
        do {
            loaded = try services.sessionStore.load()
        } catch {
            store.report(error)
            return signedOut(.storedSessionUnreadable, username: nil)
        }
        guard let session = loaded else {
            // Nothing stored, nothing to delete (the store's read cleared what crashed writes left).
            return signedOut(nil, username: nil, deletingStored: false)
        }
        store.update { $0.stored = session }
        switch SessionRestorePolicy.decide(session.tokens, now: services.scheduler.now) {
        case .validate:
            services.auth.validate(accessToken: session.tokens.accessToken) { [weak self] result in
                guard let self, self.store.snapshot.generation == current else { return }
                switch result {
                case .success(let user):
                    self.begin(
                        user: user, tokens: session.tokens, isNewAccount: false, route: session.lastRoute)
                case .failure(.tokenExpired):
                    self.refresh(session, generation: current)
                case .failure(.tokenRevoked), .failure(.invalidCredentials), .failure(.notFound):
                    self.expire(session, reason: .sessionRevoked)
                case .failure:
                    // Offline or a server fault: trust the stored session; the next request revalidates it.
                    self.begin(
                        user: session.user, tokens: session.tokens, isNewAccount: false,
                        route: session.lastRoute)
                }
            }
        case .refresh:
            refresh(session, generation: current)
        case .expired:
            expire(session, reason: .sessionExpired)
        }
    }

    /// Call when login produced a session: stores it and signs the user in.
    public func signedIn(_ session: AuthSession) {
        store.update { $0.generation += 1 }
        begin(user: session.user, tokens: session.tokens, isNewAccount: session.isNewAccount, route: nil)
    }

    /// Call when the signed-in user moves to another place, so a relaunch returns there.
    public func routeChanged(_ route: Route?) {
        guard scope != nil, var session = store.snapshot.stored, session.lastRoute != route else { return }
        session.lastRoute = route
        persist(session)
    }

    /// Call when the user confirmed logout: tells the server (best effort), deletes the stored session
    /// and the user's local data, and releases the session scope.
    public func logout() {
        guard let scope else { return }
        services.auth.signOut(accessToken: scope.authorizer.tokens.accessToken) { _ in }
        services.userData.removeAll(for: scope.user.id) { [weak self] result in
            if case .failure(let error) = result { self?.store.report(error) }
        }
        store.batch {
            store.update { $0.generation += 1 }
            signedOut(.loggedOut, username: nil)
        }
    }

    /// Call when a session-scoped part learned that the server ended the session (revoked or expired):
    /// deletes the stored session but keeps the user's local data, so unsent work survives a re-login.
    public func sessionEnded(_ reason: SignedOutReason) {
        guard let user = scope?.user else { return }
        store.batch {
            store.update { $0.generation += 1 }
            signedOut(reason, username: user.username)
        }
    }

    /// Call when the app's flow ends: answers to a launch or refresh still on their way are ignored.
    public func end() {
        store.update { $0.generation += 1 }
    }

    // MARK: Internals

    private func refresh(_ session: StoredSession, generation current: Int) {
        guard let refreshToken = session.tokens.refreshToken else {
            return expire(session, reason: .sessionExpired)
        }
        services.auth.refresh(refreshToken: refreshToken) { [weak self] result in
            guard let self, self.store.snapshot.generation == current else { return }
            switch result {
            case .success(let tokens):
                self.begin(user: session.user, tokens: tokens, isNewAccount: false, route: session.lastRoute)
            case .failure(let error):
                switch RefreshFailurePolicy.verdict(on: error) {
                case .transient:
                    // Offline or a server fault: the stored session opens; its requests refresh later.
                    self.begin(
                        user: session.user, tokens: session.tokens, isNewAccount: false,
                        route: session.lastRoute)
                case .ended(let reason):
                    self.expire(session, reason: reason)
                }
            }
        }
    }

    private func expire(_ session: StoredSession, reason: SignedOutReason) {
        signedOut(reason, username: session.user.username)
    }

    private func begin(user: User, tokens: AuthTokens, isNewAccount: Bool, route: Route?) {
        let session = StoredSession(user: user, tokens: tokens, lastRoute: route)
        scope = makeScope(for: session)
        store.batch {
            persist(session)
            store.update {
                $0.phase = .signedIn(.init(user: user, isNewAccount: isNewAccount, restoredRoute: route))
            }
        }
    }

    /// The scope of the stored `session`: its requests carry its tokens, and new ones are stored.
    private func makeScope(for session: StoredSession) -> SessionScope {
        let authorizer = RequestAuthorizer(tokens: session.tokens, auth: services.auth) {
            [weak self] tokens in
            guard let self, var session = self.store.snapshot.stored else { return }
            session.tokens = tokens
            self.persist(session)
        }
        return SessionScope(user: session.user, authorizer: authorizer, services: services)
    }

    private func signedOut(_ reason: SignedOutReason?, username: String?, deletingStored: Bool = true) {
        scope = nil
        store.update { $0.stored = nil }
        if deletingStored {
            services.sessionStore.delete { [weak self] result in
                if case .failure(let error) = result { self?.store.report(error) }
            }
        }
        store.update { $0.phase = .signedOut(reason: reason, username: username) }
    }

    /// Keeps `session` and writes it to the session store (off the main actor); a failure is
    /// reported, the session kept in memory.
    private func persist(_ session: StoredSession) {
        store.update { $0.stored = session }
        services.sessionStore.save(session) { [weak self] result in
            if case .failure(let error) = result { self?.store.report(error) }
        }
    }
}
