import Models

/// A button, tab or selectable option: something the user can tap.
public struct ScreenAction: Hashable, Sendable, Codable {
    /// How an action is meant to look.
    public enum Style: String, Hashable, Sendable, Codable {
        /// The screen's main action.
        case primary
        /// Any other action.
        case secondary
        /// An action that destroys something (log out, unmatch).
        case destructive
    }

    /// The identity sent back in ``Intent/tap(_:)``.
    public var id: ActionID
    /// The visible label; front ends also find actions by it.
    public var label: String
    /// Whether tapping does anything now.
    public var isEnabled: Bool
    /// For tabs and options: whether it is the selected one; `nil` for plain buttons.
    public var isSelected: Bool?
    /// How it is meant to look.
    public var style: Style

    /// Creates an action.
    public init(
        id: ActionID, label: String, isEnabled: Bool = true, isSelected: Bool? = nil,
        style: Style = .secondary
    ) {
        self.id = id
        self.label = label
        self.isEnabled = isEnabled
        self.isSelected = isSelected
        self.style = style
    }
}
