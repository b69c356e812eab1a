import Models

/// What a front end does when the user acts on a screen, modal or alert it was given.
public typealias ActionHandler = @MainActor (AppAction) -> Void

/// The only way flows reach a front end: show, stack, present and dismiss typed screens.
///
/// A front end (SwiftUI, UIKit, a terminal, the headless one) implements this protocol, or uses
/// ``ScreenStack``; it draws each value alone and sends the user's ``Models/AppAction`` to the
/// handler that came with it. It never sees contexts or services.
@MainActor
public protocol Presenter: AnyObject {
    /// Replaces everything shown (stack, modals, alert) with one screen.
    func setRoot(_ screen: AppScreen, onAction: @escaping ActionHandler)
    /// Pushes a screen on the navigation stack.
    func push(_ screen: AppScreen, onAction: @escaping ActionHandler)
    /// Replaces the top screen of the navigation stack.
    func replaceTop(_ screen: AppScreen, onAction: @escaping ActionHandler)
    /// Pops the top screen of the navigation stack (never the root).
    func pop()
    /// Presents a screen modally above the stack.
    func present(_ modal: AppModal, onAction: @escaping ActionHandler)
    /// Dismisses the top modal screen.
    func dismiss()
    /// Shows the newest screen of the stack with the same ``Models/AppScreen/id`` as `screen` anew,
    /// keeping its handler.
    func update(_ screen: AppScreen)
    /// Shows the newest modal with the same ``Models/AppModal/id`` as `modal` anew, keeping its handler.
    func update(_ modal: AppModal)
    /// Shows an alert; any of its actions dismisses it before reaching the handler.
    func showAlert(_ alert: AppAlert, onAction: @escaping ActionHandler)
}
