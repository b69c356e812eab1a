/// A message from someone else that a person's app first showed: when, and whether it was seen live
/// (during the day) or only when the final checks read the conversation.
public struct LoadShownMessage: Hashable, Codable, Sendable {
    /// The text.
    public var text: String
    /// When it first was in the app's state, in seconds since 1970.
    public var shownAt: Double
    /// Whether it was first seen by the final checks' reading, not live.
    public var atCheck: Bool

    /// Creates a record.
    public init(text: String, shownAt: Double, atCheck: Bool) {
        self.text = text
        self.shownAt = shownAt
        self.atCheck = atCheck
    }
}
