import Services

/// Where an ``EmbeddedServer`` keeps its state between runs: the server hands it every change, and
/// each answer and event leaves only once the store says the state that made it is kept.
///
/// The server decides nothing about files: the store does (when to write, where, how). A store
/// calls `snapshot` (off the main actor, on its own queue) to take the state as it is by then, which
/// holds the change and anything after it, and calls `release` on the main actor once that is kept;
/// releases come in the order the changes were handed over. A store that cannot keep the state
/// never releases (what the server answered would be lost with it).
public protocol EmbeddedServerStore: Sendable {
    /// Keeps the server's state as `snapshot` makes it (the state now or newer), then runs `release`
    /// on the main actor.
    func keep(
        _ snapshot: @escaping @Sendable () -> EmbeddedServer.Snapshot, then release: @escaping ScheduledWork)
}
