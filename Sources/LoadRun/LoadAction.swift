/// A step of a person's day and when it is due, in seconds from the start of the day.
public struct LoadAction: Hashable, Codable, Sendable {
    /// Seconds from the start of the day.
    public var at: Double
    /// What the person does.
    public var step: LoadStep

    /// Creates an action.
    public init(at: Double, step: LoadStep) {
        self.at = at
        self.step = step
    }
}
