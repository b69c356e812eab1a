import Flows
import Models

/// A front end that renders nothing: it keeps the intent handlers of the screens shown (the stack,
/// the modals, an alert) to send intents to the one on top, and the last screen it was given.
@MainActor
final class RecordingPresenter: Presenter {
    private var stack: [(id: ScreenID, onIntent: IntentHandler)] = []
    private var modals: [(id: ScreenID, onIntent: IntentHandler)] = []
    private var alert: IntentHandler?

    /// The last screen shown or updated.
    private(set) var lastScreen: Screen?

    /// The screen on top (a modal over the stack), if any.
    var top: ScreenID? { modals.last?.id ?? stack.last?.id }

    /// Sends an intent to the alert if one shows, else to the screen on top.
    func send(_ intent: Intent) {
        if let alert {
            self.alert = nil
            alert(intent)
        } else {
            (modals.last ?? stack.last)?.onIntent(intent)
        }
    }

    func setRoot(_ screen: Screen, onIntent: @escaping IntentHandler) {
        stack = [(screen.id, onIntent)]
        modals = []
        lastScreen = screen
    }

    func push(_ screen: Screen, onIntent: @escaping IntentHandler) {
        stack.append((screen.id, onIntent))
        lastScreen = screen
    }

    func replaceTop(_ screen: Screen, onIntent: @escaping IntentHandler) {
        if !stack.isEmpty { stack.removeLast() }
        stack.append((screen.id, onIntent))
        lastScreen = screen
    }

    func pop() {
        if stack.count > 1 { stack.removeLast() }
    }

    func present(_ screen: Screen, onIntent: @escaping IntentHandler) {
        modals.append((screen.id, onIntent))
        lastScreen = screen
    }

    func dismiss() {
        if !modals.isEmpty { modals.removeLast() }
    }

    func update(_ screen: Screen) { lastScreen = screen }

    func showAlert(_ alert: ScreenAlert, onIntent: @escaping IntentHandler) { self.alert = onIntent }
}
