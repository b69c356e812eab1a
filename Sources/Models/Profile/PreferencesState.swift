/// The preferences editor's observable state.
public struct PreferencesState: Hashable, Sendable {
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
    /// The preferences as saved, once the server accepted them.
    public var saved: SearchPreferences?

    /// Creates a state holding `preferences`.
    public init(_ preferences: SearchPreferences) {
        minimumAge = String(preferences.minimumAge)
        maximumAge = String(preferences.maximumAge)
        maximumDistance = String(preferences.maximumDistanceKm)
        fieldErrors = [:]
        showsFieldErrors = false
        isSaving = false
        failure = nil
        saved = nil
    }
}
