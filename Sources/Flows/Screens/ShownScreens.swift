import Models

/// Everything a front end shows at once: the navigation stack, the modals above it and the alert.
///
/// A SwiftUI app binds a `NavigationStack` to ``stack`` (its first screen the root), a sheet to
/// ``modals`` and an alert to ``alert``.
public struct ShownScreens: Equatable, Sendable {
    /// The navigation stack, its root first.
    public var stack: [AppScreen]
    /// The modals above the stack, oldest first.
    public var modals: [AppModal]
    /// The alert above everything.
    public var alert: AppAlert?

    /// Creates what is shown.
    public init(stack: [AppScreen] = [], modals: [AppModal] = [], alert: AppAlert? = nil) {
        self.stack = stack
        self.modals = modals
        self.alert = alert
    }
}
