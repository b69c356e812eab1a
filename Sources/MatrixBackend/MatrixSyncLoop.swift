import Foundation
import Models
import Services
import Synchronization

/// The live feed: a `/sync` long poll that turns what happened in the user's rooms into
/// ``ChatEvent``s, resuming from the stored `next_batch`.
///
/// - A member joining a room of the user's that was not a conversation yet, when the listing now
///   finds the match there: ``ChatEvent/matched(_:)`` (anyone else joining is nothing).
/// - An `m.room.message` of one of the two matched people: ``ChatEvent/messageReceived(_:)`` (the
///   user's own ones from other devices too; an edit as the edited message); an `m.room.redaction`:
///   ``ChatEvent/messageRemoved(conversation:id:)`` (``MatrixLiveTimeline``).
/// - The other member leaving, or the user leaving: ``ChatEvent/unmatched(conversation:)``; in a
///   room the feed has not placed too, when the app's own like made the match there
///   (`placedByTheApp(_:user:)`: the race of a leave that came before the feed heard the match).
/// - `m.typing` and `m.receipt` ephemeral events: ``ChatEvent/typing(conversation:isTyping:)`` and
///   ``ChatEvent/read(conversation:upTo:)``. Matrix has no delivery receipts, so no `delivered`.
///
/// It starts from the token of the conversations list the connection loaded last (so nothing between
/// the list and the first sync is missed), else from the stored `next_batch`, else from a listing of
/// its own. A `limited` timeline has its gap filled (``MatrixTimelineGap``) before anything after it
/// is reported. A network failure or a server error is retried with a growing pause (at most five
/// seconds); a refused access token is replaced through `renewal` (the session's authorizer) and the
/// feed resumes from the same point; without a renewal, or when the session ended, the feed ends (a
/// revoked session's stored `next_batch` removed with it). It tells the connection's
/// ``MatrixNetworkMonitor`` when it runs, when a poll finds no network, and when it has delivered a
/// sync (the homeserver is reachable again only then).
final class MatrixSyncLoop: Sendable {
    let connection: MatrixConnection
    private let accessToken: String
    private let renewal: AccessTokenRenewal?
    private let tokens: MatrixSyncTokenStore?
    private let onEvent: @MainActor @Sendable (ChatEvent) -> Void
    private let cancelled = Atomic<Bool>(false)

    struct RoomState: Sendable {
        var conversation: String
        var other: String
        var isTyping = false
    }

    /// Where the feed stands: whose it is, the token it polls from, and which room is which
    /// conversation.
    private struct Position {
        var user: String
        var since: String
        var rooms: [String: RoomState]
    }

    init(
        connection: MatrixConnection, accessToken: String, renewal: AccessTokenRenewal?,
        tokens: MatrixSyncTokenStore?, onEvent: @escaping @MainActor @Sendable (ChatEvent) -> Void
    ) {
        self.connection = connection
        self.accessToken = accessToken
        self.renewal = renewal
        self.tokens = tokens
        self.onEvent = onEvent
    }

    /// Starts polling; cancelling the task stops it and drops anything not delivered yet.
    ///
    /// Cancelling only raises a flag, which the loop reads after each poll (a long poll ends within
    /// ``MatrixConfiguration/syncTimeout``); it does not cancel the Swift task, because cancelling a
    /// task awaiting `URLSession.data(for:)` while the answer arrives can deadlock inside
    /// FoundationNetworking on Linux (seen here: the cancellation handler waits on the session's queue
    /// while that queue waits on the task's status lock).
    func start() -> ScheduledTask {
        Task { [self] in await run() }
        return ScheduledTask { [self] in cancelled.store(true, ordering: .releasing) }
    }

    private var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    private func run() async {
        let network = connection.network
        network.feedStarted()
        defer { network.feedEnded() }
        var token = accessToken
        var position: Position?
        var failures = 0
        while !isCancelled {
            do {
                let current: Position
                if let position {
                    current = position
                } else {
                    current = try await begin(accessToken: token, useStored: true)
                    position = current
                }
                let answer: JSONValue
                do {
                    answer = try await poll(since: current.since, accessToken: token)
                } catch .rejected {
                    // The server no longer knows the token (its database was reset): start over
                    // from a listing of now.
                    position = try await begin(accessToken: token, useStored: false)
                    continue
                }
                let filled = try await MatrixTimelineGap.filled(
                    answer, since: current.since, accessToken: token, connection: connection)
                var rooms = current.rooms
                var events = try await translate(
                    filled, user: current.user, accessToken: token, rooms: &rooms)
                events += await membershipChanges(
                    in: filled, user: current.user, accessToken: token, rooms: &rooms)
                let next = try answer.string("next_batch", in: "sync")
                guard !isCancelled else { return }
                deliver(events, thenStore: next, of: current.user)
                position = Position(user: current.user, since: next, rooms: rooms)
                failures = 0
            } catch .tokenExpired {
                guard let fresh = await renewed(token) else { return }
                token = fresh
            } catch .tokenRevoked {
                guard let fresh = await renewed(token) else {
                    // The session is over: its place in the stream is no one's to resume.
                    // (Whose it is was asked first thing, and is known without asking again.)
                    if let user = try? await connection.owner(of: token) { tokens?.remove(of: user) }
                    return
                }
                token = fresh
            } catch {
                if error == .networkUnavailable {
                    network.requestFoundNoNetwork()
                } else if !isCancelled {
                    // The server answered, if not with a sync: the network is there.
                    connection.scheduler.schedule { network.feedReachedServer() }
                }
                failures += 1
                let pause = min(5.0, 0.25 * Double(1 << min(failures, 5)))
                try? await Task.sleep(for: .seconds(pause))
            }
        }
    }

    /// Where the feed starts: the listing the conversations list showed (kept by the connection),
    /// else the stored token (if `useStored`) over a fresh listing's rooms, else a fresh listing.
    private func begin(accessToken: String, useStored: Bool) async throws(ServiceError) -> Position {
        let user = try await connection.owner(of: accessToken)
        var listing: MatrixRoomListing
        var since: String?
        if let kept = connection.takeFeedStart(user: user) {
            listing = kept.listing
            since = kept.nextBatch
        } else {
            let fresh = try await connection.roomsAndToken(user: user, accessToken: accessToken)
            listing = fresh.listing
            since = (useStored ? tokens?.token(of: user) : nil) ?? fresh.nextBatch
        }
        guard let since else { throw .malformedResponse("sync: no next_batch") }
        var rooms: [String: RoomState] = [:]
        for conversation in listing.conversations {
            rooms[conversation.roomID] = RoomState(
                conversation: conversation.match.id, other: conversation.match.user.rawValue)
        }
        return Position(user: user, since: since, rooms: rooms)
    }

    /// A token to use instead of `expired`, from the renewal on the main actor; `nil` if there is no
    /// renewal, the session ended, or the feed was cancelled meanwhile.
    private func renewed(_ expired: String) async -> String? {
        guard let renewal, !isCancelled else { return nil }
        let scheduler = connection.scheduler
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<String, ServiceError>, Never>) in
            // Answered once; if nobody ever answers (the scheduler or the session went away first),
            // the feed ends instead of waiting forever.
            let answer = MatrixRenewalAnswer(continuation)
            scheduler.schedule {
                renewal(expired) { answer.resume($0) }
            }
        }
        guard case .success(let fresh) = result, fresh != expired, !isCancelled else { return nil }
        return fresh
    }

    private func poll(since: String, accessToken: String) async throws(ServiceError) -> JSONValue {
        let filter: JSONValue = [
            "room": [
                "timeline": ["limit": 50], "state": ["lazy_load_members": false],
                "ephemeral": ["types": ["m.typing", "m.receipt"]], "account_data": ["types": []],
            ],
            "presence": ["types": []], "account_data": ["types": []],
        ]
        let query = [
            "filter": String(decoding: filter.encoded(), as: UTF8.self), "since": since,
            "timeout": String(Int(connection.configuration.syncTimeout.timeInterval * 1000)),
        ]
        return try await connection.http.send(
            .get, ["sync"], query: query, accessToken: accessToken,
            timeout: connection.configuration.syncTimeout)
    }

    /// Delivers the events on the main actor and only then stores the token that follows them, so a
    /// feed cancelled before delivery resumes before them, not after; then tells the network monitor
    /// the homeserver was reached, so the work waiting for the network runs after what it missed.
    private func deliver(_ events: [ChatEvent], thenStore token: String, of user: String) {
        let onEvent = onEvent
        let tokens = tokens
        let network = connection.network
        connection.scheduler.schedule { [self] in
            guard !cancelled.load(ordering: .acquiring) else { return }
            for event in events where !cancelled.load(ordering: .acquiring) { onEvent(event) }
            tokens?.save(token, of: user)
            network.feedReachedServer()
        }
    }

    /// Turns one sync answer into events, keeping track of which room is which conversation.
    private func translate(
        _ answer: JSONValue, user: String, accessToken: String, rooms: inout [String: RoomState]
    ) async throws(ServiceError) -> [ChatEvent] {
        var events: [ChatEvent] = []
        var listing: MatrixRoomListing?
        let pool = try await connection.poolRoom(user: user, accessToken: accessToken)
        for (roomID, room) in (answer["rooms"]?["join"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key })
        where roomID != pool {
            // A room whose events are not a list is skipped, not the whole batch (which would repeat).
            let timeline =
                (try? (room["timeline"] ?? .object([:])).array("events", in: "sync timeline")) ?? []
            var state = rooms[roomID]
            for event in timeline {
                let type = event["type"]?.stringValue
                if type == "m.room.member", let member = event["state_key"]?.stringValue, member != user {
                    let membership = event["content"]?["membership"]?.stringValue
                    if membership == "join", state == nil {
                        // Whether the room became a match, and with whom, is the listing's to say
                        // (anyone may join a room); the name is the listing's too, as everywhere.
                        if listing == nil {
                            listing = try await connection.rooms(user: user, accessToken: accessToken)
                        }
                        guard let match = listing?.conversations.first(where: { $0.roomID == roomID })?.match
                        else { continue }
                        state = RoomState(conversation: match.id, other: match.user.rawValue)
                        connection.remember(room: roomID, conversation: match.id)
                        events.append(.matched(match))
                    } else if membership == "leave" || membership == "ban",
                        let current = state ?? placedByTheApp(roomID, user: user), current.other == member
                    {
                        events.append(.unmatched(conversation: current.conversation))
                        connection.forget(conversation: current.conversation)
                        state = nil
                    }
                } else if type == "m.room.message" || type == "m.room.redaction", let current = state {
                    events += await MatrixLiveTimeline.chatEvents(
                        for: event, room: roomID, conversation: current.conversation, viewer: user,
                        other: current.other, batch: timeline, accessToken: accessToken,
                        connection: connection)
                }
            }
            if var current = state {
                let ephemeral =
                    (try? (room["ephemeral"] ?? .object([:])).array("events", in: "sync ephemeral")) ?? []
                for event in ephemeral {
                    switch event["type"]?.stringValue {
                    case "m.typing":
                        let typing = (event["content"]?["user_ids"]?.arrayValue ?? []).contains(
                            .string(current.other))
                        if typing != current.isTyping {
                            current.isTyping = typing
                            events.append(.typing(conversation: current.conversation, isTyping: typing))
                        }
                    case "m.receipt":
                        for (eventID, receipts) in event["content"]?.objectValue ?? [:] {
                            guard receipts["m.read"]?[current.other] != nil else { continue }
                            // Read up to the receipted event's time: from this batch, or asked of the
                            // server (the receipt's own time could cover messages sent after it).
                            var readAt = timeline.first { $0["event_id"]?.stringValue == eventID }
                                .map(MatrixMessages.timestamp(of:))
                            if readAt == nil {
                                readAt =
                                    (try? await connection.http.send(
                                        .get, ["rooms", roomID, "event", eventID], accessToken: accessToken))
                                    .map(MatrixMessages.timestamp(of:))
                            }
                            if let readAt {
                                events.append(.read(conversation: current.conversation, upTo: readAt))
                            }
                        }
                    default:
                        break
                    }
                }
                state = current
            }
            rooms[roomID] = state
        }
        for roomID in (answer["rooms"]?["leave"]?.objectValue ?? [:]).keys.sorted() {
            if let current = rooms.removeValue(forKey: roomID) {
                events.append(.unmatched(conversation: current.conversation))
                connection.forget(conversation: current.conversation)
            }
        }
        return events
    }
}
