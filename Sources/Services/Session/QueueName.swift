/// The names of the user's queues of durable work, and what makes a name valid.
public enum QueueName {
    /// The deck's swipes.
    public static let swipes = "swipes"
    /// The chat's messages.
    public static let outbox = "outbox"
    /// The chat's reads, unmatches and blocks.
    public static let chatActions = "chat-actions"

    /// Whether `name` may name a queue: 1 to 32 characters, each a lower-case ASCII letter, a digit or
    /// a dash, so it is a safe file name on every file system.
    public static func isValid(_ name: String) -> Bool {
        (1...32).contains(name.utf8.count)
            && name.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            }
    }
}
