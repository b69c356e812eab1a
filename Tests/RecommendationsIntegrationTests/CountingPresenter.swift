import Flows
import Headless
import Models

/// A presenter that counts the screens it is asked to update and passes everything on to a headless
/// front end (which ignores an update that changes nothing, so it cannot count them itself).
@MainActor
final class CountingPresenter: Presenter, MoveAttributing {
    let frontEnd: HeadlessFrontEnd
    private(set) var updates: [ScreenID] = []

    init(transcript: Transcript) { frontEnd = HeadlessFrontEnd(transcript: transcript) }

    /// The handler of the last root screen: to send it an intent no button on screen carries.
    private(set) var rootIntent: IntentHandler?

    func moving(by flow: String, _ change: () -> Void) { frontEnd.moving(by: flow, change) }

    func setRoot(_ screen: Screen, onIntent: @escaping IntentHandler) {
        rootIntent = onIntent
        frontEnd.setRoot(screen, onIntent: onIntent)
    }
    func push(_ screen: Screen, onIntent: @escaping IntentHandler) {
        frontEnd.push(screen, onIntent: onIntent)
    }
    func replaceTop(_ screen: Screen, onIntent: @escaping IntentHandler) {
        frontEnd.replaceTop(screen, onIntent: onIntent)
    }
    func pop() { frontEnd.pop() }
    func present(_ screen: Screen, onIntent: @escaping IntentHandler) {
        frontEnd.present(screen, onIntent: onIntent)
    }
    func dismiss() { frontEnd.dismiss() }
    func update(_ screen: Screen) {
        updates.append(screen.id)
        frontEnd.update(screen)
    }
    func showAlert(_ alert: ScreenAlert, onIntent: @escaping IntentHandler) {
        frontEnd.showAlert(alert, onIntent: onIntent)
    }
}
