import Models

extension LaunchingScreen {
    /// "Loading…"; the screen has no action, so no table.
    public var generic: Screen { Screen(id: .launching, title: "Discover", elements: [.text("Loading…")]) }
}
