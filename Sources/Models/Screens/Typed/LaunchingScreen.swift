/// "Loading…" while a stored session is checked at launch; the user can do nothing there.
public struct LaunchingScreen: StackScreenValue {
    /// Nothing: the screen offers no action.
    public enum Action: Equatable, Sendable {}

    /// Creates the screen.
    public init() {}

    /// The value for a front end's stack.
    public var appScreen: AppScreen { .launching(self) }

    /// Never one of this screen's: it has none.
    public static func action(in action: AppAction) -> Action? { nil }
}
