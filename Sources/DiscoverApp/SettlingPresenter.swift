import Flows
import Models
import Services

/// Wraps a front end on a virtual clock: every intent handler it passes on runs what falls due now
/// after the intent, so answers with no latency arrive before the front end's call returns.
///
/// Screen moves are passed on as they come; a front end that is ``Flows/MoveAttributing`` is still
/// told which flow made each one.
@MainActor
final class SettlingPresenter: Presenter, MoveAttributing {
    private let base: any Presenter
    private let clock: VirtualScheduler

    /// Wraps `base`, settling `clock` after each of its intents.
    init(_ base: any Presenter, clock: VirtualScheduler) {
        self.base = base
        self.clock = clock
    }

    private func settling(_ onIntent: @escaping IntentHandler) -> IntentHandler {
        let clock = clock
        return { intent in
            onIntent(intent)
            clock.runDue()
        }
    }

    func setRoot(_ screen: Screen, onIntent: @escaping IntentHandler) {
        base.setRoot(screen, onIntent: settling(onIntent))
    }

    func push(_ screen: Screen, onIntent: @escaping IntentHandler) {
        base.push(screen, onIntent: settling(onIntent))
    }

    func replaceTop(_ screen: Screen, onIntent: @escaping IntentHandler) {
        base.replaceTop(screen, onIntent: settling(onIntent))
    }

    func pop() { base.pop() }

    func present(_ screen: Screen, onIntent: @escaping IntentHandler) {
        base.present(screen, onIntent: settling(onIntent))
    }

    func dismiss() { base.dismiss() }

    func update(_ screen: Screen) { base.update(screen) }

    func showAlert(_ alert: ScreenAlert, onIntent: @escaping IntentHandler) {
        base.showAlert(alert, onIntent: settling(onIntent))
    }

    func moving(by flow: String, _ change: () -> Void) {
        if let attributing = base as? any MoveAttributing {
            attributing.moving(by: flow, change)
        } else {
            change()
        }
    }
}
