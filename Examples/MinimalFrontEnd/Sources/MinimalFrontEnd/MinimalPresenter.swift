import Flows
import Models

/// A complete front end in one type: it keeps what the engine shows (the navigation stack, modals
/// above it, an alert above everything) as typed values, lets its caller act with typed actions, and
/// prints it.
///
/// A real UI would draw `top`, `modal` and `alert` instead of printing them; the library's
/// `ScreenStack` does the keeping for you if you would rather not write it.
@MainActor
final class MinimalPresenter: Presenter {
    /// What went wrong acting on what is shown.
    enum ActingError: Error, CustomStringConvertible {
        /// Nothing is shown yet.
        case nothingShown
        /// The alert, modal or screen on top does not offer this action.
        case notOffered(AppAction)

        var description: String {
            switch self {
            case .nothingShown: "nothing is shown"
            case .notOffered(let action): "\(action) is not offered by what is shown"
            }
        }
    }

    private struct Shown<Value> {
        var value: Value
        let onAction: ActionHandler
    }

    private var stack: [Shown<AppScreen>] = []
    private var modals: [Shown<AppModal>] = []
    private var shownAlert: Shown<AppAlert>?

    /// The top of the navigation stack.
    var top: AppScreen? { stack.last?.value }
    /// The modal above the stack, if any.
    var modal: AppModal? { modals.last?.value }
    /// The alert shown above everything, if any.
    var alert: AppAlert? { shownAlert?.value }

    // MARK: Acting as the user

    /// Sends an action: to the alert when one is shown (answering it dismisses it), else to the modal
    /// or the screen on top.
    func send(_ action: AppAction) throws(ActingError) {
        if let shown = shownAlert {
            guard shown.value.offers(action) else { throw .notOffered(action) }
            shownAlert = nil
            return shown.onAction(action)
        }
        if let shown = modals.last {
            guard shown.value.offers(action) else { throw .notOffered(action) }
            return shown.onAction(action)
        }
        guard let shown = stack.last else { throw .nothingShown }
        guard shown.value.offers(action) else { throw .notOffered(action) }
        shown.onAction(action)
    }

    // MARK: Presenter

    func setRoot(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        stack = [Shown(value: screen, onAction: onAction)]
        modals = []
        shownAlert = nil
    }

    func push(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        stack.append(Shown(value: screen, onAction: onAction))
    }

    func replaceTop(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        stack.removeLast(min(1, stack.count))
        stack.append(Shown(value: screen, onAction: onAction))
    }

    func pop() {
        if stack.count > 1 { stack.removeLast() }
    }

    func present(_ modal: AppModal, onAction: @escaping ActionHandler) {
        modals.append(Shown(value: modal, onAction: onAction))
    }

    func dismiss() {
        modals.removeLast(min(1, modals.count))
    }

    func update(_ screen: AppScreen) {
        if let index = stack.lastIndex(where: { $0.value.id == screen.id }) { stack[index].value = screen }
    }

    func update(_ modal: AppModal) {
        if let index = modals.lastIndex(where: { $0.value.id == modal.id }) { modals[index].value = modal }
    }

    func showAlert(_ alert: AppAlert, onAction: @escaping ActionHandler) {
        shownAlert = Shown(value: alert, onAction: onAction)
    }
}
