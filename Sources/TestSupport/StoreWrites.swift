import Services

/// Saves made and waited for on a virtual clock: for tests of the file stores.
@MainActor
public enum StoreWrites {
    /// What a completion was given.
    private final class Outcome {
        var result: Result<Void, StoreError>?
    }

    /// Starts a save with `save` (handing it a completion), runs the work due on `scheduler` (the save's
    /// completion waits for the disk there), and answers what the completion was given; a failure
    /// naming the save when it never came.
    public static func wait(
        on scheduler: VirtualScheduler, _ save: (@escaping StoreCompletion) -> Void
    ) -> Result<Void, StoreError> {
        let outcome = Outcome()
        save { outcome.result = $0 }
        scheduler.runDue()
        return outcome.result ?? .failure(.io(path: "(no completion)", operation: "save", errno: 0))
    }
}
