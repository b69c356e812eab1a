/// Profile set-up after sign-up: bio, interests and who to meet, "Save" or "Skip for now".
public struct ProfileSetupScreen: StackScreenValue {
    /// What the user can do on profile set-up.
    public enum Action: Equatable, Sendable {
        /// The user typed into a field; carries the field's whole new value.
        case fieldChanged(ProfileField, String)
        /// An interest of the catalog was tapped (selected or unselected).
        case interestToggled(Interest)
        /// "Save".
        case saveTapped
        /// "Skip for now".
        case skipTapped
    }

    /// Why saving failed.
    public var failure: RequestFailure?
    /// The bio.
    public var bio: FormValue
    /// The catalog's interests, with whether each is selected.
    public var interests: [InterestOption]
    /// Why the interests picked are not valid, when shown.
    public var interestsError: FieldError?
    /// Who to meet: the age range and distance.
    public var search: SearchFields
    /// Whether a save is under way (the buttons are disabled).
    public var isSaving: Bool

    /// Creates the screen.
    public init(
        failure: RequestFailure?, bio: FormValue, interests: [InterestOption], interestsError: FieldError?,
        search: SearchFields, isSaving: Bool
    ) {
        self.failure = failure
        self.bio = bio
        self.interests = interests
        self.interestsError = interestsError
        self.search = search
        self.isSaving = isSaving
    }

    /// The value for a front end's stack.
    public var appScreen: AppScreen { .profileSetup(self) }

    /// `action` as profile set-up's, if it is one.
    public static func action(in action: AppAction) -> Action? {
        guard case .profileSetup(let action) = action else { return nil }
        return action
    }
}

/// An interest offered to pick, and whether it is picked.
public struct InterestOption: Hashable, Sendable {
    /// The interest.
    public var interest: Interest
    /// Whether the user picked it.
    public var isSelected: Bool

    /// Creates an option.
    public init(_ interest: Interest, isSelected: Bool) {
        self.interest = interest
        self.isSelected = isSelected
    }
}

/// The fields of who the user looks for: minimum and maximum age, maximum distance.
public struct SearchFields: Hashable, Sendable {
    /// The minimum age.
    public var minimumAge: FormValue
    /// The maximum age.
    public var maximumAge: FormValue
    /// The maximum distance in kilometres.
    public var maximumDistance: FormValue

    /// Creates the fields.
    public init(minimumAge: FormValue, maximumAge: FormValue, maximumDistance: FormValue) {
        self.minimumAge = minimumAge
        self.maximumAge = maximumAge
        self.maximumDistance = maximumDistance
    }
}
