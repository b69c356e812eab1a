import Models

/// Builds what the app flow shows itself: pure presentation, no navigation.
enum AppScreens {
    /// The alert shown for a `discover://` link the app cannot follow.
    static func unknownLink() -> ScreenAlert {
        ScreenAlert(
            title: "Can't open link", message: "Discover doesn't know that link.",
            actions: [ScreenAction(id: ActionID.Link.ok, label: "OK", style: .primary)])
    }
}
