import Models

/// Builds profile set-up's screen from its state: a pure function.
enum ProfileSetupScreens {
    /// The form: bio, the catalog's interests (picked or not), who to meet, with their errors once
    /// shown; the failure; "Save" and "Skip for now", disabled while saving.
    static func screen(_ state: ProfileSetupState) -> ProfileSetupScreen {
        let shown = state.showsFieldErrors ? state.fieldErrors : [:]
        return ProfileSetupScreen(
            failure: state.failure, bio: FormValue(state.bio, error: shown[.bio]),
            interests: Interest.catalog.map { InterestOption($0, isSelected: state.interests.contains($0)) },
            interestsError: shown[.interests],
            search: SearchFields(
                minimumAge: FormValue(state.minimumAge, error: shown[.minimumAge]),
                maximumAge: FormValue(state.maximumAge, error: shown[.maximumAge]),
                maximumDistance: FormValue(state.maximumDistance, error: shown[.maximumDistance])),
            isSaving: state.isSaving)
    }
}
