import Models

extension ProfileSetupScreen: ProjectedScreen {
    /// The bio, the interests as options, the search fields, "Save" and "Skip for now".
    public var generic: Screen {
        var elements: [ScreenElement] = [.text("Tell people a little about yourself.")]
        if let failure { elements.append(.error(Copy.banner(for: failure))) }
        elements.append(.field(SearchFields.field(.bio, "Bio", bio)))
        let options = interests.map { option in
            ScreenAction(
                id: ActionID.ProfileSetup.interest(option.interest.name), label: option.interest.name,
                isSelected: option.isSelected)
        }
        elements.append(.options(label: "Interests", options))
        if let interestsError { elements.append(.error(Copy.message(for: interestsError))) }
        elements += search.generic
        elements += [
            .action(
                ScreenAction(
                    id: ActionID.ProfileSetup.save, label: "Save", isEnabled: !isSaving, style: .primary)),
            .action(
                ScreenAction(id: ActionID.ProfileSetup.skip, label: "Skip for now", isEnabled: !isSaving)),
        ]
        return Screen(id: .profileSetup, title: "Set up your profile", elements: elements)
    }

    /// The id of each action.
    public static func intent(for action: Action) -> Intent {
        switch action {
        case .fieldChanged(let field, let value): .edit(SearchFields.fieldID(field), value)
        case .interestToggled(let interest): .tap(ActionID.ProfileSetup.interest(interest.name))
        case .saveTapped: .tap(ActionID.ProfileSetup.save)
        case .skipTapped: .tap(ActionID.ProfileSetup.skip)
        }
    }

    /// The action of each id.
    public static func action(for intent: Intent) -> Action? {
        switch intent {
        case .edit(let id, let value): SearchFields.field(for: id).map { .fieldChanged($0, value) }
        case .tap(ActionID.ProfileSetup.save): .saveTapped
        case .tap(ActionID.ProfileSetup.skip): .skipTapped
        case .tap(let id):
            ActionID.ProfileSetup.interestName(of: id).flatMap { name in
                Interest.catalog.first { $0.name == name }.map { .interestToggled($0) }
            }
        }
    }
}
