import Models

/// Builds the preferences editor's screen from its state: a pure function.
enum PreferencesScreens {
    /// The form: the three fields with their errors once shown, the failure, "Save" and "Cancel".
    static func screen(_ state: PreferencesState) -> PreferencesScreen {
        let shown = state.showsFieldErrors ? state.fieldErrors : [:]
        return PreferencesScreen(
            failure: state.failure,
            search: SearchFields(
                minimumAge: FormValue(state.minimumAge, error: shown[.minimumAge]),
                maximumAge: FormValue(state.maximumAge, error: shown[.maximumAge]),
                maximumDistance: FormValue(state.maximumDistance, error: shown[.maximumDistance])),
            isSaving: state.isSaving)
    }
}
