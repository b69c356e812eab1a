import Foundation

/// One chat message, as the client shows it.
public struct Message: Hashable, Codable, Sendable, Identifiable {
    /// Where a message is on its way from sender to reader.
    public enum Status: String, Hashable, Codable, Sendable {
        /// In the outbox, not confirmed by the server yet.
        case sending
        /// The last attempt failed; it stays in the outbox and can be retried.
        case failed
        /// The server has it.
        case sent
        /// The other person's device has it.
        case delivered
        /// The other person read it.
        case read
    }

    /// The texts of a message, kept in one shared box (``CopyOnWriteBox``): a message is copied many
    /// times on its way from the server to the screen (merged, kept by snapshots and summaries, sent
    /// in events), and each copy is one reference count instead of one per text. The timestamp and
    /// the status stay beside the box, so raising a status (receipts, confirmations) copies nothing.
    @usableFromInline struct Texts: Hashable, Sendable {
        @usableFromInline var id: String
        @usableFromInline var conversation: String
        @usableFromInline var sender: UserID
        @usableFromInline var text: String
        @usableFromInline var transactionID: String?
    }

    /// The texts' box, shared by copies: written only after `makeUnique()`. Held directly, as
    /// ``ConversationState`` holds its box, so that other modules inline the getters: a read of a
    /// text is then a load and a retain, not a call into this module.
    @usableFromInline var texts: CopyOnWriteBox<Texts>

    /// Copies the box first if another message shares it.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&texts) { texts = CopyOnWriteBox(texts.fields) }
    }

    /// The server's id, or the client transaction id while sending.
    public var id: String {
        @inlinable get { texts.fields.id }
        set {
            makeUnique()
            texts.fields.id = newValue
        }
    }
    /// The conversation (the match's id).
    public var conversation: String {
        @inlinable get { texts.fields.conversation }
        set {
            makeUnique()
            texts.fields.conversation = newValue
        }
    }
    /// Who wrote it.
    public var sender: UserID {
        @inlinable get { texts.fields.sender }
        set {
            makeUnique()
            texts.fields.sender = newValue
        }
    }
    /// The text, trimmed.
    public var text: String {
        @inlinable get { texts.fields.text }
        set {
            makeUnique()
            texts.fields.text = newValue
        }
    }
    /// The server's timestamp (the client's clock while sending); orders messages first
    /// (``isOrderedBefore(_:)``).
    public var sentAt: Date
    /// The client transaction id it was sent with, for the sender's own messages.
    public var transactionID: String? {
        @inlinable get { texts.fields.transactionID }
        set {
            makeUnique()
            texts.fields.transactionID = newValue
        }
    }
    /// Its progress (for the sender's own messages; received ones are ``Status/sent``).
    public var status: Status

    /// Creates a message.
    public init(
        id: String, conversation: String, sender: UserID, text: String, sentAt: Date,
        transactionID: String? = nil,
        status: Status = .sent
    ) {
        texts = CopyOnWriteBox(
            Texts(
                id: id, conversation: conversation, sender: sender, text: text, transactionID: transactionID))
        self.sentAt = sentAt
        self.status = status
    }

    private enum CodingKeys: String, CodingKey {
        case id, conversation, sender, text, sentAt, transactionID, status
    }

    /// Decodes a message from the keys of its properties.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            conversation: try container.decode(String.self, forKey: .conversation),
            sender: try container.decode(UserID.self, forKey: .sender),
            text: try container.decode(String.self, forKey: .text),
            sentAt: try container.decode(Date.self, forKey: .sentAt),
            transactionID: try container.decodeIfPresent(String.self, forKey: .transactionID),
            status: try container.decode(Status.self, forKey: .status))
    }

    /// Encodes the message under the keys of its properties, in their order (as the synthesized
    /// conformance did).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let texts = texts.fields
        try container.encode(texts.id, forKey: .id)
        try container.encode(texts.conversation, forKey: .conversation)
        try container.encode(texts.sender, forKey: .sender)
        try container.encode(texts.text, forKey: .text)
        try container.encode(sentAt, forKey: .sentAt)
        try container.encodeIfPresent(texts.transactionID, forKey: .transactionID)
        try container.encode(status, forKey: .status)
    }

    /// Whether `self` comes before `other` in a conversation: by timestamp, then (at one instant)
    /// the server's before the unsent, then id.
    ///
    /// At one instant (several messages in the same millisecond, or under virtual time), the
    /// server's messages come first and the user's unsent ones (sending or not sent) after them, as
    /// a message waiting to go out belongs at the bottom; ids then compare shorter first, so
    /// sequential ids (`id-9`, `id-10`) keep the order they were made in.
    public func isOrderedBefore(_ other: Message) -> Bool {
        if sentAt != other.sentAt { return sentAt < other.sentAt }
        if isPending != other.isPending { return other.isPending }
        if id.utf8.count != other.id.utf8.count { return id.utf8.count < other.id.utf8.count }
        return id < other.id
    }

    /// Whether the message is the user's and not on the server yet (sending or not sent).
    public var isPending: Bool { status == .sending || status == .failed }

    /// Whether two messages hold the same values: the status and timestamp first (what usually
    /// differs, kept beside the box), then the texts — at once for copies of one message, else the id
    /// first and the conversation last.
    ///
    /// Field by field in place (comparing whole boxed values would copy both first). A new field must
    /// be added here; a test checks each counts.
    public static func == (lhs: Message, rhs: Message) -> Bool {
        guard lhs.status == rhs.status, lhs.sentAt == rhs.sentAt else { return false }
        if lhs.texts === rhs.texts { return true }
        let left = lhs.texts
        let right = rhs.texts
        return left.fields.id == right.fields.id && left.fields.text == right.fields.text
            && left.fields.sender == right.fields.sender
            && left.fields.transactionID == right.fields.transactionID
            && left.fields.conversation == right.fields.conversation
    }

    /// Hashes every property, in the order they are declared.
    public func hash(into hasher: inout Hasher) {
        let texts = texts.fields
        hasher.combine(texts.id)
        hasher.combine(texts.conversation)
        hasher.combine(texts.sender)
        hasher.combine(texts.text)
        hasher.combine(sentAt)
        hasher.combine(texts.transactionID)
        hasher.combine(status)
    }

    /// Whether this message and `other` keep their texts in one storage.
    ///
    /// Then their id, conversation, sender, text and transaction id are the same without comparing
    /// them (a shared storage is never changed in place); `false` says nothing about the texts.
    @inlinable public func sharesTexts(with other: Message) -> Bool { texts === other.texts }

    /// Whether `other` is this very message: its texts in the same storage, sent at the same time,
    /// with the same status (then equal without comparing a text).
    @inlinable public func isSame(as other: Message) -> Bool {
        texts === other.texts && sentAt == other.sentAt && status == other.status
    }

    /// Whether the message's id is `id`.
    ///
    /// The same as `self.id == id`, compared where the id is stored: the ``id`` getter hands back a
    /// copy of the id (a retain and a release) to compare it.
    @inlinable public func hasID(_ id: String) -> Bool { texts.fields.id == id }
}
