/// Why ``ScreenStack/send(_:)`` refused an intent.
public enum ScreenStackError: Error, Hashable, Sendable {
    /// Nothing is shown yet.
    case nothingShown
    /// No action with this id is on the alert shown, or on the top screen.
    case noSuchAction(String)
    /// The action is shown but disabled.
    case actionDisabled(String)
    /// No field with this id is on the top screen (or an alert is shown, which has none).
    case noSuchField(String)
}
