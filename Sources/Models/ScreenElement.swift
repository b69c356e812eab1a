/// One visible part of a screen, in display order.
public enum ScreenElement: Hashable, Sendable {
    /// Plain text.
    case text(String)
    /// An informational banner ("Your session expired").
    case notice(String)
    /// An error banner ("Wrong username or password").
    case error(String)
    /// A text field.
    case field(ScreenField)
    /// A button.
    case action(ScreenAction)
    /// A row of tabs; the selected one has `isSelected == true`.
    case tabs([ScreenAction])
    /// A labelled group of options the user toggles.
    case options(label: String, [ScreenAction])
    /// A list of rows that changes in place.
    case list(ScreenList)
}
