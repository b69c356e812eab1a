import Models

/// Builds the session use case's screens: pure presentation, no navigation.
enum SessionScreens {
    /// The screen shown while the stored session is restored.
    static func launching() -> Screen {
        Screen(id: .launching, title: "Discover", elements: [.text("Loading…")])
    }
}
