import Models

extension ProfileScreen: ProjectedScreen {
    /// The card in full, or the profile opened by a link (loading, loaded, not found, failed), and "Back".
    public var generic: Screen {
        let back = ScreenElement.action(ScreenAction(id: .back, label: "Back"))
        switch content {
        case .candidate(let card):
            let elements: [ScreenElement] = [
                .card(card), .text("Interests: " + card.interests.joined(separator: ", ")), back,
            ]
            return Screen(id: .profile, title: card.name, elements: elements)
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
        case .failed(let failure):
            return Screen(
                id: .profile, title: "Profile",
                elements: [
                    .error(Copy.banner(for: failure)),
                    .action(ScreenAction(id: ActionID.Profile.retry, label: "Retry", style: .primary)), back,
                ])
        }
    }

    /// The id of each action.
    public static func intent(for action: Action) -> Intent {
        switch action {
        case .backTapped: .tap(.back)
        case .retryTapped: .tap(ActionID.Profile.retry)
        }
    }

    /// The action of each id.
    public static func action(for intent: Intent) -> Action? {
        switch intent {
        case .tap(ActionID.back): .backTapped
        case .tap(ActionID.Profile.retry): .retryTapped
        case .tap, .edit: nil
        }
    }
}
