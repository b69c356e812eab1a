import Flows
import HeadlessFrontEnd
import Models

/// A presenter that counts the screens whose value changed when asked to update, and passes
/// everything on to a headless front end.
@MainActor
final class CountingPresenter: Presenter, MoveAttributing {
    let frontEnd: HeadlessFrontEnd
    /// The screens updated to a new value, in order.
    private(set) var updates: [ScreenID] = []
    private var lastValues: [ScreenID: AppScreen] = [:]

    init(transcript: Transcript) { frontEnd = HeadlessFrontEnd(transcript: transcript) }

    /// The handler of the last root screen: to send it an action no button on screen carries.
    private(set) var rootAction: ActionHandler?

    func moving(by flow: String, _ change: () -> Void) { frontEnd.moving(by: flow, change) }

    func setRoot(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        rootAction = onAction
        lastValues[screen.id] = screen
        frontEnd.setRoot(screen, onAction: onAction)
    }
    func push(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        lastValues[screen.id] = screen
        frontEnd.push(screen, onAction: onAction)
    }
    func replaceTop(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        lastValues[screen.id] = screen
        frontEnd.replaceTop(screen, onAction: onAction)
    }
    func pop() { frontEnd.pop() }
    func present(_ modal: AppModal, onAction: @escaping ActionHandler) {
        frontEnd.present(modal, onAction: onAction)
    }
    func dismiss() { frontEnd.dismiss() }
    func update(_ screen: AppScreen) {
        if lastValues[screen.id] != screen { updates.append(screen.id) }
        lastValues[screen.id] = screen
        frontEnd.update(screen)
    }
    func update(_ modal: AppModal) { frontEnd.update(modal) }
    func showAlert(_ alert: AppAlert, onAction: @escaping ActionHandler) {
        frontEnd.showAlert(alert, onAction: onAction)
    }
}
