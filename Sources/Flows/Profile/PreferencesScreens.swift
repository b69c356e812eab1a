import Models

/// Builds the preferences editor's screen from its state: a pure function.
enum PreferencesScreens {
    /// The form: the three fields with their errors once shown, a failure banner, "Save" and "Cancel".
    static func screen(_ state: PreferencesState) -> Screen {
        func error(_ field: ProfileField) -> String? {
            guard state.showsFieldErrors, let error = state.fieldErrors[field] else { return nil }
            return Copy.message(for: error)
        }
        var elements: [ScreenElement] = [.text("Who would you like to meet?")]
        if let failure = state.failure { elements.append(.error(Copy.banner(for: failure))) }
        elements += [
            .field(
                ScreenField(
                    id: ProfileSetupScreens.fieldID(.minimumAge), label: "Minimum age",
                    value: state.minimumAge,
                    error: error(.minimumAge))),
            .field(
                ScreenField(
                    id: ProfileSetupScreens.fieldID(.maximumAge), label: "Maximum age",
                    value: state.maximumAge,
                    error: error(.maximumAge))),
            .field(
                ScreenField(
                    id: ProfileSetupScreens.fieldID(.maximumDistance), label: "Maximum distance (km)",
                    value: state.maximumDistance, error: error(.maximumDistance))),
            .action(
                ScreenAction(
                    id: ActionID.Preferences.save, label: "Save", isEnabled: !state.isSaving, style: .primary)
            ),
            .action(
                ScreenAction(id: ActionID.Preferences.cancel, label: "Cancel", isEnabled: !state.isSaving)),
        ]
        return Screen(id: .preferences, title: "Preferences", elements: elements)
    }
}
