import Models

/// Builds the profile set-up screen from its state.
enum ProfileSetupScreens {
    static func screen(_ state: ProfileSetupState) -> Screen {
        func error(_ field: ProfileField) -> String? {
            guard state.showsFieldErrors, let error = state.fieldErrors[field] else { return nil }
            return Copy.message(for: error)
        }
        var elements: [ScreenElement] = [.text("Tell people a little about yourself.")]
        if let failure = state.failure { elements.append(.error(Copy.banner(for: failure))) }
        elements.append(
            .field(ScreenField(id: fieldID(.bio), label: "Bio", value: state.bio, error: error(.bio))))
        let options = Interest.catalog.map { interest in
            ScreenAction(
                id: ActionID.ProfileSetup.interest(interest.name), label: interest.name,
                isSelected: state.interests.contains(interest))
        }
        elements.append(.options(label: "Interests", options))
        if let interestsError = error(.interests) { elements.append(.error(interestsError)) }
        elements += [
            .field(
                ScreenField(
                    id: fieldID(.minimumAge), label: "Minimum age", value: state.minimumAge,
                    error: error(.minimumAge))),
            .field(
                ScreenField(
                    id: fieldID(.maximumAge), label: "Maximum age", value: state.maximumAge,
                    error: error(.maximumAge))),
            .field(
                ScreenField(
                    id: fieldID(.maximumDistance), label: "Maximum distance (km)",
                    value: state.maximumDistance,
                    error: error(.maximumDistance))),
            .action(
                ScreenAction(
                    id: ActionID.ProfileSetup.save, label: "Save", isEnabled: !state.isSaving, style: .primary
                )),
            .action(
                ScreenAction(
                    id: ActionID.ProfileSetup.skip, label: "Skip for now", isEnabled: !state.isSaving)),
        ]
        return Screen(id: .profileSetup, title: "Set up your profile", elements: elements)
    }

    static func fieldID(_ field: ProfileField) -> FieldID {
        switch field {
        case .bio: FieldID.Profile.bio
        case .interests: "interests"
        case .minimumAge: FieldID.Profile.minimumAge
        case .maximumAge: FieldID.Profile.maximumAge
        case .maximumDistance: FieldID.Profile.maximumDistance
        }
    }

    static func field(for id: FieldID) -> ProfileField? {
        ProfileField.allCases.first { fieldID($0) == id }
    }

    static func interest(for id: ActionID) -> Interest? {
        guard let name = ActionID.ProfileSetup.interestName(of: id) else { return nil }
        return Interest.catalog.first { $0.name == name }
    }
}
