import Flows
import Models
import Services

/// Wraps a front end on a virtual clock: every action handler it passes on runs what falls due now
/// after the action, so answers with no latency arrive before the front end's call returns.
///
/// Screen moves are passed on as they come; a front end that is ``Flows/MoveAttributing`` is still
/// told which flow made each one.
@MainActor
final class SettlingPresenter: Presenter, MoveAttributing {
    private let base: any Presenter
    private let clock: VirtualScheduler

    /// Wraps `base`, settling `clock` after each of its actions.
    init(_ base: any Presenter, clock: VirtualScheduler) {
        self.base = base
        self.clock = clock
    }

    private func settling(_ onAction: @escaping ActionHandler) -> ActionHandler {
        let clock = clock
        return { action in
            onAction(action)
            clock.runDue()
        }
    }

    func setRoot(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        base.setRoot(screen, onAction: settling(onAction))
    }

    func push(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        base.push(screen, onAction: settling(onAction))
    }

    func replaceTop(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        base.replaceTop(screen, onAction: settling(onAction))
    }

    func pop() { base.pop() }

    func present(_ modal: AppModal, onAction: @escaping ActionHandler) {
        base.present(modal, onAction: settling(onAction))
    }

    func dismiss() { base.dismiss() }

    func update(_ screen: AppScreen) { base.update(screen) }

    func update(_ modal: AppModal) { base.update(modal) }

    func showAlert(_ alert: AppAlert, onAction: @escaping ActionHandler) {
        base.showAlert(alert, onAction: settling(onAction))
    }

    func moving(by flow: String, _ change: () -> Void) {
        if let attributing = base as? any MoveAttributing {
            attributing.moving(by: flow, change)
        } else {
            change()
        }
    }
}
