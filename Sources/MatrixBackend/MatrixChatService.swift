import Foundation
import Models
import Services

/// ``Services/ChatService`` over direct rooms: a match is a room both people joined, and its id is
/// ``Models/Match/id(between:and:)`` of the two user ids, so both sides name it alike; the backend maps it to
/// the room.
///
/// Messages are `m.room.message` events sent with the client transaction id in the path (the server
/// applies it once per device, and tells the sending device in `unsigned.transaction_id`, which is how
/// a sent message meets its pending copy) and, for reference, in the content; a message's id is its
/// event id, and `MatrixTimelineMapper` reads events as messages (edits, redactions, replies,
/// emotes, only the two matched people); history is `/messages`; read is an `m.read` receipt; typing
/// is the typing endpoint; unmatch is leave and forget (block also ignores the user); the live feed is
/// a `/sync` long poll.
public struct MatrixChatService: ChatService {
    /// The shared connection.
    public let connection: MatrixConnection
    /// Where the live feed keeps its `next_batch` token, so it resumes where it stopped.
    public let syncTokens: MatrixSyncTokenStore?

    /// Creates the service.
    public init(connection: MatrixConnection, syncTokens: MatrixSyncTokenStore?) {
        self.connection = connection
        self.syncTokens = syncTokens
    }

    /// Lists the matches with their last message and unread count.
    public func fetchConversations(
        accessToken: String, completion: @escaping ServiceCompletion<[ConversationSummary]>
    ) {
        let connection = connection
        connection.run(completion) { () async throws(ServiceError) -> [ConversationSummary] in
            let me = try await connection.owner(of: accessToken)
            let (listing, nextBatch) = try await connection.roomsAndToken(user: me, accessToken: accessToken)
            if let nextBatch { connection.keepForFeed(listing, nextBatch: nextBatch, user: me) }
            return listing.conversations.map {
                ConversationSummary(match: $0.match, lastMessage: $0.lastMessage, unreadCount: $0.unreadCount)
            }
        }
    }

    /// Reads a page of history with `/messages`, newest first.
    public func fetchMessages(
        conversation: String, before cursor: String?, limit: Int, accessToken: String,
        completion: @escaping ServiceCompletion<MessagePage>
    ) {
        let connection = connection
        connection.run(completion) { () async throws(ServiceError) -> MessagePage in
            let me = try await connection.owner(of: accessToken)
            let room = try await connection.room(of: conversation, user: me, accessToken: accessToken)
            var query = [
                "dir": "b", "limit": String(max(1, limit)),
                "filter": String(
                    decoding: (["types": ["m.room.message"]] as JSONValue).encoded(), as: UTF8.self),
            ]
            if let cursor { query["from"] = cursor }
            let answer = try await connection.http.send(
                .get, ["rooms", room, "messages"], query: query, accessToken: accessToken)
            let chunk = try answer.array("chunk", in: "messages")
            let other = Match.other(in: conversation, than: UserID(me))?.rawValue ?? ""
            // Newest first, as the page promises; edits applied, not messages of their own.
            let messages = MatrixTimelineMapper.messages(
                in: chunk, conversation: conversation, viewer: me, other: other
            ).reversed()
            let end = answer["end"]?.stringValue
            return MessagePage(messages: Array(messages), olderCursor: chunk.isEmpty ? nil : end)
        }
    }

    /// Sends with `PUT /rooms/{id}/send/m.room.message/{txn}`: once per transaction id, on every
    /// device (a message older than this connection's token is looked for first: see
    /// `mayHaveBeenSentElsewhere(createdAt:tokenFirstSeen:)`).
    ///
    /// A message for a match that has ended — a conversation no longer among the user's rooms, or a
    /// room the other person has left — is refused with ``Models/ServiceError/matchEnded``, as the
    /// embedded server refuses it (Synapse would accept it).
    public func sendMessage(
        _ message: OutgoingMessage, accessToken: String, completion: @escaping ServiceCompletion<Message>
    ) {
        let connection = connection
        connection.run(completion) { () async throws(ServiceError) -> Message in
            let me = try await connection.owner(of: accessToken)
            let room: String
            do throws(ServiceError) {
                room = try await connection.room(of: message.conversation, user: me, accessToken: accessToken)
            } catch .notFound {
                // No longer one of the user's matches: it ended.
                throw .matchEnded
            }
            let eventID: String
            if Self.mayHaveBeenSentElsewhere(
                createdAt: message.createdAt, tokenFirstSeen: connection.firstSeen(accessToken)),
                let earlier = try await Self.earlierSend(
                    of: message.id, createdAt: message.createdAt, user: me, room: room,
                    accessToken: accessToken, connection: connection),
                let earlierID = earlier["event_id"]?.stringValue
            {
                // Sent already, by an earlier device: that event is the message.
                eventID = earlierID
            } else {
                if let other = Match.other(in: message.conversation, than: UserID(me))?.rawValue {
                    try await Self.checkMatchGoesOn(
                        conversation: message.conversation, room: room, other: other,
                        accessToken: accessToken,
                        connection: connection)
                }
                let answer = try await connection.http.send(
                    .put, ["rooms", room, "send", "m.room.message", message.id],
                    body: [
                        "msgtype": "m.text", "body": .string(message.text),
                        MatrixEventType.transactionKey: .string(message.id),
                    ], accessToken: accessToken)
                eventID = try answer.string("event_id", in: "send")
            }
            // The answer has no timestamp: read the event for the server's. A server that just came
            // back may miss a read: it is asked again (three times in all) before the sender's clock
            // stands in, which would sort the message among the others by another clock.
            var event: JSONValue?
            for _ in 0..<3 where event == nil {
                event = try? await connection.http.send(
                    .get, ["rooms", room, "event", eventID], accessToken: accessToken)
            }
            let sentAt = event.map(MatrixMessages.timestamp(of:)) ?? message.createdAt
            // Its id is the event's, as every reading of the event says (the transaction id is ours).
            return Message(
                id: eventID, conversation: message.conversation, sender: UserID(me),
                text: message.text,
                sentAt: sentAt, transactionID: message.id, status: .sent)
        }
    }

    /// Sends an `m.read` receipt for the newest event of the room.
    public func markRead(
        conversation: String, accessToken: String, completion: @escaping ServiceCompletion<Void>
    ) {
        let connection = connection
        connection.run(completion) { () async throws(ServiceError) in
            let me = try await connection.owner(of: accessToken)
            let room = try await connection.room(of: conversation, user: me, accessToken: accessToken)
            let latest = try await connection.http.send(
                .get, ["rooms", room, "messages"], query: ["dir": "b", "limit": "1"], accessToken: accessToken
            )
            guard let eventID = try latest.array("chunk", in: "messages").first?["event_id"]?.stringValue
            else {
                return
            }
            _ = try await connection.http.send(
                .post, ["rooms", room, "receipt", "m.read", eventID], body: [:], accessToken: accessToken)
        }
    }

    /// Starts or stops the typing notice (it lapses on the server after five seconds).
    public func setTyping(
        conversation: String, isTyping: Bool, accessToken: String,
        completion: @escaping ServiceCompletion<Void>
    ) {
        let connection = connection
        connection.run(completion) { () async throws(ServiceError) in
            let me = try await connection.owner(of: accessToken)
            let room = try await connection.room(of: conversation, user: me, accessToken: accessToken)
            var body: [String: JSONValue] = ["typing": .bool(isTyping)]
            if isTyping { body["timeout"] = 5000 }
            _ = try await connection.http.send(
                .put, ["rooms", room, "typing", me], body: .object(body), accessToken: accessToken)
        }
    }

    /// Leaves and forgets the room; `block` also puts the other person on the ignore list.
    public func unmatch(
        conversation: String, block: Bool, accessToken: String, completion: @escaping ServiceCompletion<Void>
    ) {
        let connection = connection
        connection.run(completion) { () async throws(ServiceError) in
            let me = try await connection.owner(of: accessToken)
            let listing = try await connection.rooms(user: me, accessToken: accessToken)
            let found = listing.conversations.first(where: { $0.match.id == conversation })
            guard let other = (found?.match.user ?? Match.other(in: conversation, than: UserID(me)))?.rawValue
            else {
                throw .notFound
            }
            if block {
                // First, so a block holds even if the room is already gone or leaving fails.
                let current = try await connection.accountData(
                    "m.ignored_user_list", user: me, accessToken: accessToken)
                var ignored = current?["ignored_users"]?.objectValue ?? [:]
                ignored[other] = [:]
                try await connection.setAccountData(
                    "m.ignored_user_list", ["ignored_users": .object(ignored)], user: me,
                    accessToken: accessToken)
            }
            guard let found else {
                if block { return }
                throw .notFound
            }
            // A block says so in the leave, so the other side's client ignores the blocker in turn.
            _ = try await connection.http.send(
                .post, ["rooms", found.roomID, "leave"],
                body: block ? ["reason": .string(MatrixEventType.blockReason)] : nil, accessToken: accessToken
            )
            _ = try? await connection.http.send(
                .post, ["rooms", found.roomID, "forget"], accessToken: accessToken)
            connection.forget(conversation: conversation)
        }
    }

    /// Starts the `/sync` long poll; events arrive until the task is cancelled or the token is refused.
    public func subscribe(accessToken: String, onEvent: @escaping @MainActor @Sendable (ChatEvent) -> Void)
        -> ScheduledTask
    {
        subscribe(accessToken: accessToken, renewal: nil, onEvent: onEvent)
    }

    /// Starts the `/sync` long poll from the token of the conversations list this connection loaded
    /// last (else the stored one, else a fresh listing's); when the server refuses the access token,
    /// `renewal` gives a fresh one and the feed resumes where it stopped.
    public func subscribe(
        accessToken: String, renewal: AccessTokenRenewal?,
        onEvent: @escaping @MainActor @Sendable (ChatEvent) -> Void
    ) -> ScheduledTask {
        MatrixSyncLoop(
            connection: connection, accessToken: accessToken, renewal: renewal, tokens: syncTokens,
            onEvent: onEvent
        )
        .start()
    }
}
