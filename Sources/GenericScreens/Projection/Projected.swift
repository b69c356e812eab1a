import Models

/// A typed value that has a generic form: the screen, modal or alert a text, web or scenario front end
/// draws, with the table between its typed actions and the generic form's ids.
///
/// The table goes both ways: ``intent(for:)`` names a typed action as the generic form's
/// ``Intent``, and ``action(for:)`` reads an ``Intent`` back as the typed action (`nil` for one this
/// value does not offer).
public protocol Projected: ScreenValue {
    /// The generic form's `Intent` for a typed action.
    static func intent(for action: Action) -> Intent
    /// The typed action an `Intent` names, if it is one of this value's.
    static func action(for intent: Intent) -> Action?
}

/// A screen of the stack with its generic form.
public protocol ProjectedScreen: Projected, StackScreenValue {
    /// The generic form of this screen.
    var generic: Screen { get }
}

/// A modal with its generic form.
public protocol ProjectedModal: Projected, ModalScreenValue {
    /// The generic form of this modal.
    var generic: Screen { get }
}

/// An alert with its generic form.
public protocol ProjectedAlert: Projected, AlertValue {
    /// The generic form of this alert.
    var generic: ScreenAlert { get }
}
