import Models

/// A small modal question or message with its actions ("Log out?" — Cancel / Log out).
public struct ScreenAlert: Hashable, Sendable, Codable {
    /// The alert's title.
    public var title: String
    /// The text under the title.
    public var message: String
    /// The buttons, in display order; tapping any of them dismisses the alert.
    public var actions: [ScreenAction]

    /// Creates an alert.
    public init(title: String, message: String, actions: [ScreenAction]) {
        self.title = title
        self.message = message
        self.actions = actions
    }
}
