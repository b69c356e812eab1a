import Models

/// Builds what the app flow shows itself: pure presentation, no navigation.
enum AppScreens {
    /// "OK" on the alert about a link the app does not know.
    static let ok: ActionID = "ok"

    /// The alert shown for a `discover://` link the app cannot follow.
    static func unknownLink() -> ScreenAlert {
        ScreenAlert(
            title: "Can't open link", message: "Discover doesn't know that link.",
            actions: [ScreenAction(id: ok, label: "OK", style: .primary)])
    }
}
