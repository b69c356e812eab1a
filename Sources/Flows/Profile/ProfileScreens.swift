import Models

/// Builds the profile viewer's screen from its state: pure functions.
enum ProfileScreens {
    /// The profile screen: loading, the profile, "not available", or a failure with "Retry".
    static func screen(_ state: ProfileViewState) -> Screen {
        let back = ScreenElement.action(ScreenAction(id: .back, label: "Back"))
        switch state {
        case .loading:
            return Screen(id: .profile, title: "Profile", elements: [.text("Loading…"), back])
        case .loaded(let profile):
            var elements: [ScreenElement] = [.text("\(profile.displayName), \(profile.age)")]
            if !profile.profile.bio.isEmpty { elements.append(.text(profile.profile.bio)) }
            if !profile.profile.interests.isEmpty {
                elements.append(
                    .text("Interests: " + profile.profile.interests.map(\.name).joined(separator: ", ")))
            }
            elements.append(back)
            return Screen(id: .profile, title: profile.displayName, elements: elements)
        case .notFound:
            return Screen(
                id: .profile, title: "Profile", elements: [.notice("This profile isn't available."), back])
        case .failed(_, let failure):
            return Screen(
                id: .profile, title: "Profile",
                elements: [
                    .error(Copy.banner(for: failure)),
                    .action(ScreenAction(id: ActionID.Profile.retry, label: "Retry", style: .primary)),
                    back,
                ])
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
