import Flows
import Models

/// A front end that renders nothing: it keeps the action handlers of the screens shown (the stack,
/// the modals, an alert) to send actions to the one on top, and the last screen it was given.
@MainActor
final class RecordingPresenter: Presenter {
    private var stack: [(id: ScreenID, onAction: ActionHandler)] = []
    private var modals: [(id: ScreenID, onAction: ActionHandler)] = []
    private var alert: ActionHandler?

    /// The last screen of the stack shown or updated.
    private(set) var lastScreen: AppScreen?

    /// The screen on top (a modal over the stack), if any.
    var top: ScreenID? { modals.last?.id ?? stack.last?.id }

    /// Sends an action to the alert if one shows, else to the screen on top.
    func send(_ action: AppAction) {
        if let alert {
            self.alert = nil
            alert(action)
        } else {
            (modals.last ?? stack.last)?.onAction(action)
        }
    }

    func setRoot(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        stack = [(screen.id, onAction)]
        modals = []
        lastScreen = screen
    }

    func push(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        stack.append((screen.id, onAction))
        lastScreen = screen
    }

    func replaceTop(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        if !stack.isEmpty { stack.removeLast() }
        stack.append((screen.id, onAction))
        lastScreen = screen
    }

    func pop() {
        if stack.count > 1 { stack.removeLast() }
    }

    func present(_ modal: AppModal, onAction: @escaping ActionHandler) {
        modals.append((modal.id, onAction))
    }

    func dismiss() {
        if !modals.isEmpty { modals.removeLast() }
    }

    func update(_ screen: AppScreen) { lastScreen = screen }

    func update(_ modal: AppModal) {}

    func showAlert(_ alert: AppAlert, onAction: @escaping ActionHandler) { self.alert = onAction }
}
