/// One visible part of a screen, in display order.
///
/// Fields, buttons and option groups are stored indirectly: a screen is rebuilt on every change, and
/// its fixed buttons, built once, are then copied by one reference count each instead of one per text
/// (and every element is smaller to move).
public enum ScreenElement: Hashable, Sendable {
    /// Plain text.
    case text(String)
    /// An informational banner ("Your session expired").
    case notice(String)
    /// An error banner ("Wrong username or password").
    case error(String)
    /// A text field.
    indirect case field(ScreenField)
    /// A button.
    indirect case action(ScreenAction)
    /// A row of tabs; the selected one has `isSelected == true`.
    case tabs([ScreenAction])
    /// A labelled group of options the user toggles.
    indirect case options(label: String, [ScreenAction])
    /// A list of rows that changes in place.
    case list(ScreenList)
}
