import Models

extension ActionID {
    /// "Back": leave the screen for the one below.
    public static let back: ActionID = "back"
}
