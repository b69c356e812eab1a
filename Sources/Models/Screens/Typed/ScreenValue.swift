/// A typed screen, modal or alert: a value a front end draws, with the actions the user can take on it.
///
/// Each conforming type names its ``Action`` enum, exactly what the user can do there, and knows how
/// to find its own actions among every ``AppAction``; a flow shows the value and handles its actions
/// with a switch over ``Action`` alone.
public protocol ScreenValue: Equatable, Sendable {
    /// What the user can do on this screen.
    associatedtype Action: Equatable, Sendable

    /// `action` as this screen's, if it is one of them.
    static func action(in action: AppAction) -> Action?
}

/// A screen of the navigation stack.
public protocol StackScreenValue: ScreenValue {
    /// The value wrapped for a front end's stack.
    var appScreen: AppScreen { get }
}

/// A screen presented modally above the stack.
public protocol ModalScreenValue: ScreenValue {
    /// The value wrapped for a front end's modals.
    var appModal: AppModal { get }
}

/// An alert shown above everything.
public protocol AlertValue: ScreenValue {
    /// The value wrapped for a front end's alert.
    var appAlert: AppAlert { get }
}
