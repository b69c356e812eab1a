import Interactors
import Models
import Services

/// Shows one user's public profile (the `discover://profile/<user>` deep link).
///
/// Inputs: ``load()`` (also retry). Output: ``Models/ProfileViewState`` through ``store``. A revoked
/// session is reported as ``Models/SessionError/ended(_:)``.
@MainActor
public final class ProfileViewerContext: StateContext {
    /// The observable state.
    ///
    /// Emits when loading starts and when the answer arrives.
    public let store: StateStore<ProfileViewState>
    /// The request under way, whose answer ``end()`` drops.
    private let tasks = CancelBag()

    private let user: UserID
    private let authorizer: RequestAuthorizer
    private let profiles: any ProfileService

    /// Creates a context for `user`'s profile; nothing is fetched until ``load()``.
    public init(user: UserID, authorizer: RequestAuthorizer, profiles: any ProfileService) {
        self.user = user
        self.authorizer = authorizer
        self.profiles = profiles
        self.store = StateStore(.loading(user))
    }

    /// Call when the profile is shown, and when the user taps retry.
    public func load() {
        let user = user
        let profiles = profiles
        store.update { $0 = .loading(user) }
        authorizer.perform(
            { token, completion in profiles.fetchProfile(of: user, accessToken: token, completion: completion)
            },
            completion: tasks.answer { [weak self] result in self?.finish(result) })
    }

    /// Call when the use case ends: an answer still on its way is dropped.
    public func end() { tasks.cancelAll() }

    private func finish(_ result: Result<PublicProfile, ServiceError>) {
        switch result {
        case .success(let profile):
            store.update { $0 = .loaded(profile) }
        case .failure(.notFound):
            store.update { $0 = .notFound(user) }
        case .failure(let error):
            switch RequestFailureMapper.map(error) {
            case .sessionEnded(let reason):
                store.report(SessionError.ended(reason))
            case .failure(let failure):
                store.update { $0 = .failed(user, failure) }
            case .rateLimited, .fieldError:
                store.update { $0 = .failed(user, .server("The profile could not be loaded")) }
            }
        }
    }
}
