import Interactors
import Models
import Services

/// Editing who the user looks for (age range, distance), as "Widen preferences" opens it.
///
/// Inputs: ``fieldChanged(_:to:)``, ``save()``. Output: ``Models/PreferencesState`` through ``store``;
/// ``Models/PreferencesState/saved`` is set once the server accepted them.
@MainActor
public final class PreferencesContext: StateContext {
    /// The observable state.
    ///
    /// Emits on every edit, save and response.
    public let store: StateStore<PreferencesState>
    /// The request under way, whose answer ``end()`` drops.
    private let tasks = CancelBag()

    private let authorizer: RequestAuthorizer
    private let discovery: any DiscoveryService

    /// Creates the form holding `current`.
    public init(current: SearchPreferences, authorizer: RequestAuthorizer, discovery: any DiscoveryService) {
        self.authorizer = authorizer
        self.discovery = discovery
        store = StateStore(PreferencesState(current))
    }

    /// Call when the user edits the minimum age, maximum age or distance.
    public func fieldChanged(_ field: ProfileField, to value: String) {
        store.update { state in
            switch field {
            case .minimumAge: state.minimumAge = value
            case .maximumAge: state.maximumAge = value
            case .maximumDistance: state.maximumDistance = value
            case .bio, .interests: return
            }
            if state.showsFieldErrors { state.fieldErrors = Self.validate(state).errors }
        }
    }

    /// Call when the user taps save: validates, then saves once.
    public func save() {
        let current = store.snapshot
        guard !current.isSaving, current.saved == nil else { return }
        switch Self.validate(current) {
        case .invalid(let errors):
            store.update { state in
                state.showsFieldErrors = true
                state.fieldErrors = errors
            }
        case .valid(let preferences):
            store.update { state in
                state.isSaving = true
                state.failure = nil
            }
            let discovery = discovery
            authorizer.perform(
                { token, completion in
                    discovery.savePreferences(preferences, accessToken: token, completion: completion)
                },
                completion: tasks.answer { [weak self] result in self?.finish(result, preferences) })
        }
    }

    /// Call when the use case ends: an answer still on its way is dropped.
    public func end() { tasks.cancelAll() }

    private func finish(_ result: Result<Void, ServiceError>, _ preferences: SearchPreferences) {
        var ended: SignedOutReason?
        store.update { state in
            state.isSaving = false
            switch result {
            case .success:
                state.saved = preferences
            case .failure(let error):
                switch RequestFailureMapper.map(error) {
                case .sessionEnded(let reason): ended = reason
                case .failure(let failure): state.failure = failure
                case .rateLimited, .fieldError: state.failure = .server("The preferences were not accepted")
                }
            }
        }
        if let ended { store.report(SessionError.ended(ended)) }
    }

    private static func validate(_ state: PreferencesState) -> Validation<SearchPreferences, ProfileField> {
        ProfileValidator.validatePreferences(
            minimumAge: state.minimumAge, maximumAge: state.maximumAge, maximumDistance: state.maximumDistance
        )
    }
}
