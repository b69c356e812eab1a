/// The profile set-up context's observable state.
public struct ProfileSetupState: Hashable, Sendable {
    /// The bio as typed.
    public var bio: String
    /// The picked interests, in the order picked.
    public var interests: [Interest]
    /// The minimum age as typed.
    public var minimumAge: String
    /// The maximum age as typed.
    public var maximumAge: String
    /// The maximum distance as typed.
    public var maximumDistance: String
    /// The validation errors of the current values.
    public var fieldErrors: [ProfileField: FieldError]
    /// Whether field errors are shown (after the first save attempt).
    public var showsFieldErrors: Bool
    /// Whether the save request is in flight.
    public var isSaving: Bool
    /// The last save's failure, if any.
    public var failure: RequestFailure?
    /// The profile as saved, once the server accepted it.
    public var saved: Profile?

    /// Creates a state holding a profile's values.
    public init(profile: Profile = .empty) {
        self.bio = profile.bio
        self.interests = profile.interests
        self.minimumAge = String(profile.lookingFor.minimumAge)
        self.maximumAge = String(profile.lookingFor.maximumAge)
        self.maximumDistance = String(profile.lookingFor.maximumDistanceKm)
        self.fieldErrors = [:]
        self.showsFieldErrors = false
        self.isSaving = false
        self.failure = nil
        self.saved = nil
    }
}
