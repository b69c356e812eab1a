import Models

/// What a front end does when the user acts on a screen or alert it was given.
public typealias IntentHandler = @MainActor (Intent) -> Void

/// The only way flows reach a front end: show, stack, present and dismiss plain ``Models/Screen`` values.
///
/// A front end (SwiftUI, UIKit, a terminal, the headless one) implements this protocol, renders each
/// screen from its value alone and sends the user's ``Models/Intent``s to the handler that came with it. It
/// never sees contexts or services.
@MainActor
public protocol Presenter: AnyObject {
    /// Replaces everything shown (stack, modals, alert) with one screen.
    func setRoot(_ screen: Screen, onIntent: @escaping IntentHandler)
    /// Pushes a screen on the navigation stack.
    func push(_ screen: Screen, onIntent: @escaping IntentHandler)
    /// Replaces the top screen of the navigation stack.
    func replaceTop(_ screen: Screen, onIntent: @escaping IntentHandler)
    /// Pops the top screen of the navigation stack (never the root).
    func pop()
    /// Presents a screen modally above the stack.
    func present(_ screen: Screen, onIntent: @escaping IntentHandler)
    /// Dismisses the top modal screen.
    func dismiss()
    /// Re-renders the shown screen with the same ``Models/Screen/id`` (the newest one), keeping its handler.
    func update(_ screen: Screen)
    /// Shows an alert; any of its actions dismisses it before reaching the handler.
    func showAlert(_ alert: ScreenAlert, onIntent: @escaping IntentHandler)
}
