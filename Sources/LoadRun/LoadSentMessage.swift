/// A message a person sent in a load run: its text (which names it, ``LoadMessageText``), to whom, and
/// when it was tapped.
public struct LoadSentMessage: Hashable, Codable, Sendable {
    /// The text.
    public var text: String
    /// The recipient's index.
    public var recipient: Int
    /// When "Send" was tapped, in seconds since 1970.
    public var sentAt: Double

    /// Creates a record.
    public init(text: String, recipient: Int, sentAt: Double) {
        self.text = text
        self.recipient = recipient
        self.sentAt = sentAt
    }
}
