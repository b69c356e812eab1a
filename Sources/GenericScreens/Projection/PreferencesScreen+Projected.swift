import Models

extension PreferencesScreen: ProjectedScreen {
    /// The three fields with their errors, the failure, "Save" and "Cancel".
    public var generic: Screen {
        var elements: [ScreenElement] = [.text("Who would you like to meet?")]
        if let failure { elements.append(.error(Copy.banner(for: failure))) }
        elements += search.generic
        elements += [
            .action(
                ScreenAction(
                    id: ActionID.Preferences.save, label: "Save", isEnabled: !isSaving, style: .primary)),
            .action(ScreenAction(id: ActionID.Preferences.cancel, label: "Cancel", isEnabled: !isSaving)),
        ]
        return Screen(id: .preferences, title: "Preferences", elements: elements)
    }

    /// The id of each action.
    public static func intent(for action: Action) -> Intent {
        switch action {
        case .fieldChanged(let field, let value): .edit(SearchFields.fieldID(field), value)
        case .saveTapped: .tap(ActionID.Preferences.save)
        case .cancelTapped: .tap(ActionID.Preferences.cancel)
        }
    }

    /// The action of each id.
    public static func action(for intent: Intent) -> Action? {
        switch intent {
        case .edit(let id, let value): SearchFields.field(for: id).map { .fieldChanged($0, value) }
        case .tap(ActionID.Preferences.save): .saveTapped
        case .tap(ActionID.Preferences.cancel): .cancelTapped
        case .tap: nil
        }
    }
}
