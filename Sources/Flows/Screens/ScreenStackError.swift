/// Why a screen stack refused what the user did: ``ScreenStack/send(_:)`` an action, the generic
/// form's stack an intent.
public enum ScreenStackError: Error, Hashable, Sendable {
    /// Nothing is shown yet.
    case nothingShown
    /// The alert shown, or the value on top, offers no such action (its id, or the typed action).
    case noSuchAction(String)
    /// The action is shown but disabled.
    case actionDisabled(String)
    /// No field with this id is on the top screen (or an alert is shown, which has none).
    case noSuchField(String)
}
