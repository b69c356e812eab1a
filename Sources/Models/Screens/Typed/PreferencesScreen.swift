/// The preferences editor: who the user looks for, "Save" or "Cancel".
public struct PreferencesScreen: StackScreenValue {
    /// What the user can do in the editor.
    public enum Action: Equatable, Sendable {
        /// The user typed into a field; carries the field's whole new value.
        case fieldChanged(ProfileField, String)
        /// "Save".
        case saveTapped
        /// "Cancel".
        case cancelTapped
    }

    /// Why saving failed.
    public var failure: RequestFailure?
    /// The age range and distance.
    public var search: SearchFields
    /// Whether a save is under way (the buttons are disabled).
    public var isSaving: Bool

    /// Creates the screen.
    public init(failure: RequestFailure?, search: SearchFields, isSaving: Bool) {
        self.failure = failure
        self.search = search
        self.isSaving = isSaving
    }

    /// The value for a front end's stack.
    public var appScreen: AppScreen { .preferences(self) }

    /// `action` as the editor's, if it is one.
    public static func action(in action: AppAction) -> Action? {
        guard case .preferences(let action) = action else { return nil }
        return action
    }
}
