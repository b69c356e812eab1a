import Interactors
import Models
import Services

/// The profile set-up context (sign-up's last step): bio, interests and what the user looks for.
///
/// Inputs: ``fieldChanged(_:to:)``, ``interestToggled(_:)``, ``save()``. Output:
/// ``Models/ProfileSetupState`` through ``store``; ``Models/ProfileSetupState/saved`` is set once the server
/// accepted the profile. A revoked session is reported as ``Models/SessionError/ended(_:)``.
@MainActor
public final class ProfileSetupContext: StateContext {
    /// The observable state.
    ///
    /// Emits on every edit, save and response.
    public let store = StateStore(ProfileSetupState())
    /// The request under way, whose answer ``end()`` drops.
    private let tasks = CancelBag()

    private let authorizer: RequestAuthorizer
    private let profiles: any ProfileService

    /// Creates a context for the signed-in user.
    public init(authorizer: RequestAuthorizer, profiles: any ProfileService) {
        self.authorizer = authorizer
        self.profiles = profiles
    }

    /// Call when the user edits a text field (bio, ages, distance); interests use ``interestToggled(_:)``.
    public func fieldChanged(_ field: ProfileField, to value: String) {
        store.update { state in
            switch field {
            case .bio: state.bio = value
            case .minimumAge: state.minimumAge = value
            case .maximumAge: state.maximumAge = value
            case .maximumDistance: state.maximumDistance = value
            case .interests: break
            }
            revalidate(&state)
        }
    }

    /// Call when the user taps an interest: picks it, or unpicks it if picked.
    public func interestToggled(_ interest: Interest) {
        store.update { state in
            if let index = state.interests.firstIndex(of: interest) {
                state.interests.remove(at: index)
            } else {
                state.interests.append(interest)
            }
            revalidate(&state)
        }
    }

    /// Call when the user taps save: validates, then sends the profile once.
    public func save() {
        let current = store.snapshot
        guard !current.isSaving, current.saved == nil else { return }
        switch ProfileValidator.validate(current) {
        case .invalid(let errors):
            store.update { state in
                state.showsFieldErrors = true
                state.fieldErrors = errors
            }
        case .valid(let profile):
            store.update { state in
                state.isSaving = true
                state.failure = nil
            }
            let profiles = profiles
            authorizer.perform(
                { token, completion in
                    profiles.saveProfile(profile, accessToken: token, completion: completion)
                },
                completion: tasks.answer { [weak self] result in self?.finish(result, profile: profile) })
        }
    }

    /// Call when the use case ends: an answer still on its way is dropped.
    public func end() { tasks.cancelAll() }

    private func finish(_ result: Result<User, ServiceError>, profile: Profile) {
        var ended: SignedOutReason?
        store.update { state in
            state.isSaving = false
            switch result {
            case .success:
                state.saved = profile
            case .failure(let error):
                switch RequestFailureMapper.map(error) {
                case .sessionEnded(let reason): ended = reason
                case .failure(let failure): state.failure = failure
                case .rateLimited, .fieldError: state.failure = .server("The profile was not accepted")
                }
            }
        }
        if let ended { store.report(SessionError.ended(ended)) }
    }

    private func revalidate(_ state: inout ProfileSetupState) {
        guard state.showsFieldErrors else { return }
        state.fieldErrors = ProfileValidator.validate(state).errors
    }
}
