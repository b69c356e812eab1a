import Models

/// Builds the session's own screen: a pure function.
enum SessionScreens {
    /// "Loading…" while a stored session is checked.
    static func launching() -> LaunchingScreen { LaunchingScreen() }
}
