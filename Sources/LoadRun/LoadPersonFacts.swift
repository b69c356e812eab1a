/// Everything a driver recorded about one person of a load run: what they did and sent, what their
/// app showed and when, and what they and the server show at the end. The checks
/// (``LoadCheck``) read only these.
public struct LoadPersonFacts: Hashable, Codable, Sendable {
    /// The person's index.
    public var person: Int
    /// Steps done.
    public var actionsDone = 0
    /// Steps skipped, by reason (a message to a match that did not happen, no card to swipe).
    public var skipped: [String: Int] = [:]
    /// What went wrong that should not have (a sign-up that failed, an error shown).
    public var errors: [String] = []
    /// Errors the app reported that no flow handled, by text, with how often (offline spells make
    /// some); told, not failed.
    public var errorsShown: [String: Int] = [:]
    /// The messages sent.
    public var sent: [LoadSentMessage] = []
    /// The messages from others the app showed, each once, when first shown.
    public var shown: [LoadShownMessage] = []
    /// The people whose match this person ended.
    public var unmatched: [Int] = []
    /// The conversations as the app shows them at the end, before anyone reads them.
    public var appView: [LoadConversationView] = []
    /// The conversations as the server shows them to the person at the end, before reading.
    public var serverView: [LoadConversationView] = []
    /// The conversations as the app shows them after everyone read every conversation.
    public var appViewAfterReading: [LoadConversationView] = []
    /// The conversations as the server shows them after everyone read every conversation.
    public var serverViewAfterReading: [LoadConversationView] = []
    /// Items left in the app's queues at the end, by queue (`outbox`, `swipes`, `actions`).
    public var leftInQueues: [String: Int] = [:]
    /// Bytes of `/sync` answers read.
    public var syncBytes = 0
    /// Bytes of every answer read.
    public var bytes = 0

    /// Facts about person `person`, none recorded yet.
    public init(person: Int) {
        self.person = person
    }

    /// Counts a skipped step.
    public mutating func skip(_ reason: String) { skipped[reason, default: 0] += 1 }
}
