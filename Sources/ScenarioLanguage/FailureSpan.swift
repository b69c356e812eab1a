/// Which requests a failure injected by a scenario meets: a number of them, or all for a while.
public enum FailureSpan: Hashable, Sendable {
    /// The next `n` requests to the endpoint (`server fails next …` is one, `… 3 times` three).
    case times(Int)
    /// Every request to the endpoint for this long on the virtual clock, from the step on
    /// (`… for 5m`).
    case lasting(Duration)
}
