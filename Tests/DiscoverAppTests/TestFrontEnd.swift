import Flows
import Models

/// The smallest front end a test needs: keeps the stack, the modals and the alert with their
/// handlers, and acts on them by id, as any front end of the library would.
@MainActor
final class TestFrontEnd: Presenter {
    private struct Entry {
        var screen: Screen
        let onIntent: IntentHandler
    }

    private var stack: [Entry] = []
    private var modals: [Entry] = []
    private var shownAlert: (alert: ScreenAlert, onIntent: IntentHandler)?
    /// How many times anything shown changed.
    private(set) var changes = 0

    /// The screen on top: the last modal, else the top of the stack.
    var top: Screen? { (modals.last ?? stack.last)?.screen }
    /// The alert shown above everything, if any.
    var alert: ScreenAlert? { shownAlert?.alert }

    /// Taps an action: on the alert if one is shown (which it dismisses), else on the top screen.
    func tap(_ id: ActionID) {
        if let shown = shownAlert {
            guard shown.alert.actions.contains(where: { $0.id == id }) else { return }
            shownAlert = nil
            changes += 1
            shown.onIntent(.tap(id))
            return
        }
        guard let entry = modals.last ?? stack.last,
            entry.screen.actions.contains(where: { $0.id == id && $0.isEnabled })
        else { return }
        entry.onIntent(.tap(id))
    }

    /// Types into a field of the top screen.
    func edit(_ id: FieldID, _ value: String) {
        guard let entry = modals.last ?? stack.last, entry.screen.fields.contains(where: { $0.id == id })
        else {
            return
        }
        entry.onIntent(.edit(id, value))
    }

    func setRoot(_ screen: Screen, onIntent: @escaping IntentHandler) {
        stack = [Entry(screen: screen, onIntent: onIntent)]
        modals = []
        shownAlert = nil
        changes += 1
    }

    func push(_ screen: Screen, onIntent: @escaping IntentHandler) {
        stack.append(Entry(screen: screen, onIntent: onIntent))
        changes += 1
    }

    func replaceTop(_ screen: Screen, onIntent: @escaping IntentHandler) {
        if stack.isEmpty {
            stack = [Entry(screen: screen, onIntent: onIntent)]
        } else {
            stack[stack.count - 1] = Entry(screen: screen, onIntent: onIntent)
        }
        changes += 1
    }

    func pop() {
        guard stack.count > 1 else { return }
        stack.removeLast()
        changes += 1
    }

    func present(_ screen: Screen, onIntent: @escaping IntentHandler) {
        modals.append(Entry(screen: screen, onIntent: onIntent))
        changes += 1
    }

    func dismiss() {
        guard !modals.isEmpty else { return }
        modals.removeLast()
        changes += 1
    }

    func update(_ screen: Screen) {
        if let index = modals.lastIndex(where: { $0.screen.id == screen.id }) {
            modals[index].screen = screen
        } else if let index = stack.lastIndex(where: { $0.screen.id == screen.id }) {
            stack[index].screen = screen
        }
        changes += 1
    }

    func showAlert(_ alert: ScreenAlert, onIntent: @escaping IntentHandler) {
        shownAlert = (alert, onIntent)
        changes += 1
    }
}
