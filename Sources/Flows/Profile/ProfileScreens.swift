import Models

/// Builds the screen of a profile opened by a link from its state: a pure function.
enum ProfileScreens {
    /// "Loading…", the profile, "This profile isn't available", or the failure with "Retry".
    static func screen(_ state: ProfileViewState) -> ProfileScreen {
        switch state {
        case .loading: ProfileScreen(.loading)
        case .loaded(let profile): ProfileScreen(.loaded(profile))
        case .notFound: ProfileScreen(.notFound)
        case .failed(_, let failure): ProfileScreen(.failed(failure))
        }
    }

    /// The state in brief, for the flow tree.
    static func summary(_ state: ProfileViewState) -> String {
        switch state {
        case .loading(let user): "loading \(user)"
        case .loaded(let profile): "loaded \(profile.id)"
        case .notFound(let user): "not found \(user)"
        case .failed(let user, let failure): "failed \(user) \(failure)"
        }
    }
}
