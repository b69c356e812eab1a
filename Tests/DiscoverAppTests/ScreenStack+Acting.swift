import Flows
import GenericScreens
import Models
import Testing

/// The tests' front end is the generic form's ``GenericScreenStack``; these act on it by id, and record a
/// refused intent (an action not shown or disabled, a field not shown) as a test failure.
extension GenericScreenStack {
    /// Taps an action: on the alert if one is shown (which it dismisses), else on the top screen.
    func tap(_ id: ActionID, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try send(.tap(id))
        } catch {
            Issue.record("tap \(id) was refused: \(error)", sourceLocation: sourceLocation)
        }
    }

    /// Types into a field of the top screen.
    func edit(_ id: FieldID, _ value: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try send(.edit(id, value))
        } catch {
            Issue.record("edit \(id) was refused: \(error)", sourceLocation: sourceLocation)
        }
    }
}
