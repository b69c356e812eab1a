import Flows
import Models

/// A complete front end in one type: it keeps what the engine shows (the navigation stack, modal
/// screens above it, an alert above everything), lets its caller act on it by id, and prints it.
///
/// A real UI would render `top` and `alert` instead of printing them; the library's `ScreenStack`
/// does the keeping for you if you would rather not write it.
@MainActor
final class MinimalPresenter: Presenter {
    /// What went wrong acting on what is shown.
    enum ActingError: Error, CustomStringConvertible {
        /// Nothing is shown yet.
        case nothingShown
        /// The alert or the top screen shows no enabled action with this id.
        case noSuchAction(ActionID)
        /// The top screen shows no field with this id.
        case noSuchField(FieldID)

        var description: String {
            switch self {
            case .nothingShown: "nothing is shown"
            case .noSuchAction(let id): "no enabled action \(id) is shown"
            case .noSuchField(let id): "no field \(id) is shown"
            }
        }
    }

    private struct Shown {
        var screen: Screen
        let onIntent: IntentHandler
    }

    private var stack: [Shown] = []
    private var modals: [Shown] = []
    private var shownAlert: (alert: ScreenAlert, onIntent: IntentHandler)?

    /// The screen on top: the last modal, else the top of the navigation stack.
    var top: Screen? { (modals.last ?? stack.last)?.screen }
    /// The alert shown above everything, if any.
    var alert: ScreenAlert? { shownAlert?.alert }

    // MARK: Acting as the user

    /// Taps an action: the alert's when one is shown (answering it dismisses it), else the top screen's.
    func tap(_ id: ActionID) throws(ActingError) {
        if let shown = shownAlert {
            guard shown.alert.actions.contains(where: { $0.id == id }) else { throw .noSuchAction(id) }
            shownAlert = nil
            shown.onIntent(.tap(id))
            return
        }
        guard let shown = modals.last ?? stack.last else { throw .nothingShown }
        guard shown.screen.actions.contains(where: { $0.id == id && $0.isEnabled }) else {
            throw .noSuchAction(id)
        }
        shown.onIntent(.tap(id))
    }

    /// Types `value` into a field of the top screen.
    func edit(_ id: FieldID, _ value: String) throws(ActingError) {
        guard let shown = modals.last ?? stack.last else { throw .nothingShown }
        guard shown.screen.fields.contains(where: { $0.id == id }) else { throw .noSuchField(id) }
        shown.onIntent(.edit(id, value))
    }

    // MARK: Presenter

    func setRoot(_ screen: Screen, onIntent: @escaping IntentHandler) {
        stack = [Shown(screen: screen, onIntent: onIntent)]
        modals = []
        shownAlert = nil
    }

    func push(_ screen: Screen, onIntent: @escaping IntentHandler) {
        stack.append(Shown(screen: screen, onIntent: onIntent))
    }

    func replaceTop(_ screen: Screen, onIntent: @escaping IntentHandler) {
        stack.removeLast(min(1, stack.count))
        stack.append(Shown(screen: screen, onIntent: onIntent))
    }

    func pop() {
        if stack.count > 1 { stack.removeLast() }
    }

    func present(_ screen: Screen, onIntent: @escaping IntentHandler) {
        modals.append(Shown(screen: screen, onIntent: onIntent))
    }

    func dismiss() {
        if !modals.isEmpty { modals.removeLast() }
    }

    func update(_ screen: Screen) {
        if let index = modals.lastIndex(where: { $0.screen.id == screen.id }) {
            modals[index].screen = screen
        } else if let index = stack.lastIndex(where: { $0.screen.id == screen.id }) {
            stack[index].screen = screen
        }
    }

    func showAlert(_ alert: ScreenAlert, onIntent: @escaping IntentHandler) {
        shownAlert = (alert, onIntent)
    }
}
