/// A front end that wants to know which flow changes what it shows, to check each screen-to-screen
/// move against the flows' declarations (``FlowGraph/check(_:)``).
///
/// ``FlowEnvironment`` wraps every call that changes the screen (show, pop, dismiss) in
/// ``moving(by:_:)`` with the name of the flow that asked; a front end that does not conform is
/// simply not told.
@MainActor
public protocol MoveAttributing: AnyObject {
    /// Runs `change`, in which the flow named `flow` changes what is shown.
    func moving(by flow: String, _ change: () -> Void)
}
