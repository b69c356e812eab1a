import Foundation
import Models
import Services
import Synchronization

/// What the Matrix services share: the HTTP client, the scheduler answers are delivered on, a count
/// of operations in flight, and small caches (who owns a token, the discovery room, which room is
/// which conversation).
///
/// Each service call runs as one task that may make several requests; its result is delivered on the
/// main actor through the scheduler, and only then does the operation stop counting as in flight. A
/// call that finds no network tells ``network``, the device's view of the homeserver.
public final class MatrixConnection: Sendable {
    /// The mapping's settings.
    public let configuration: MatrixConfiguration
    /// The HTTP layer.
    public let http: MatrixHTTPClient
    /// Where answers and events are delivered.
    public let scheduler: any Scheduler
    /// Whether this device reaches the homeserver, told by every call and the live feed; the work
    /// waiting for the network runs when it returns (``MatrixNetworkMonitor``).
    public let network: MatrixNetworkMonitor
    private let inFlight: InFlightCount
    // Random start: a relaunched process must not repeat the last one's first listing either.
    private let listings = Atomic<Int>(Int.random(in: 1..<(1 << 40)))
    private let cache = Mutex(Cache())

    private struct Cache {
        var owners: [String: String] = [:]
        var poolRooms: [String: String] = [:]
        var conversationRooms: [String: String] = [:]
        var feedStarts: [String: FeedStart] = [:]
        var tokensSeenAt: [String: Date] = [:]
    }

    /// Creates a connection.
    public init(configuration: MatrixConfiguration, scheduler: any Scheduler) {
        self.configuration = configuration
        self.scheduler = scheduler
        let http = MatrixHTTPClient(
            homeserver: configuration.homeserver, requestTimeout: configuration.requestTimeout,
            maximumResponseBytes: configuration.maximumResponseBytes)
        let inFlight = InFlightCount()
        self.http = http
        self.inFlight = inFlight
        self.network = MatrixNetworkMonitor(
            scheduler: scheduler, probe: { answer in Task { answer(await Self.reaches(http)) } },
            isBusy: { inFlight.value > 0 })
    }

    /// Service calls started whose result has not been delivered yet.
    public var operationsInFlight: Int { inFlight.value }

    /// Runs `body` as one operation and delivers its result to `completion` through the scheduler.
    ///
    /// A device that is offline (``MatrixHTTPClient/isOffline``) fails at once, in the order of the
    /// calls, as a phone in airplane mode does. A call that fails for want of network tells
    /// ``network`` before its answer is delivered, so whoever retries it waits for the network.
    func run<Value: Sendable>(
        _ completion: @escaping ServiceCompletion<Value>,
        _ body: @escaping @Sendable () async throws(ServiceError) -> Value
    ) {
        inFlight.add(1)
        if http.isOffline {
            network.requestFoundNoNetwork()
            return deliver(.failure(.networkUnavailable), to: completion)
        }
        Task { [self] in
            let result: Result<Value, ServiceError>
            do throws(ServiceError) {
                result = .success(try await body())
            } catch {
                result = .failure(error)
            }
            if case .failure(.networkUnavailable) = result { network.requestFoundNoNetwork() }
            deliver(result, to: completion)
        }
    }

    private func deliver<Value: Sendable>(
        _ result: Result<Value, ServiceError>, to completion: @escaping ServiceCompletion<Value>
    ) {
        scheduler.schedule { [self] in
            completion(result)
            if inFlight.subtractOne() == 0 { network.requestsSettled() }
        }
    }

    /// Whether `http` reaches its homeserver: any answer to `GET /login` (which needs no token) counts.
    private static func reaches(_ http: MatrixHTTPClient) async -> Bool {
        do {
            _ = try await http.send(.get, ["login"])
            return true
        } catch .networkUnavailable {
            return false
        } catch {
            return true
        }
    }

    // MARK: Identity

    /// The user id that owns `accessToken` (asked once, then cached).
    func owner(of accessToken: String) async throws(ServiceError) -> String {
        if let known = cache.withLock({ $0.owners[accessToken] }) { return known }
        let answer = try await http.send(.get, ["account", "whoami"], accessToken: accessToken)
        let userID = try answer.string("user_id", in: "whoami")
        remember(owner: userID, of: accessToken)
        return userID
    }

    /// Records who owns a token just issued.
    func remember(owner userID: String, of accessToken: String) {
        let now = scheduler.now
        cache.withLock { cache in
            cache.owners[accessToken] = userID
            if cache.tokensSeenAt[accessToken] == nil { cache.tokensSeenAt[accessToken] = now }
        }
    }

    /// When this connection first met `accessToken` (signed in with it, or asked who owns it); `nil`
    /// if it never did. Whatever was made before then may have been sent by another device.
    func firstSeen(_ accessToken: String) -> Date? {
        cache.withLock { $0.tokensSeenAt[accessToken] }
    }

    /// Forgets a token that was signed out.
    func forget(accessToken: String) {
        _ = cache.withLock { $0.owners.removeValue(forKey: accessToken) }
    }

    /// The server part of a user id (`@alice:localhost` → `localhost`).
    public static func serverName(of userID: String) -> String {
        userID.firstIndex(of: ":").map { String(userID[userID.index(after: $0)...]) } ?? "localhost"
    }

    // MARK: Account data

    /// The user's account data of `type`, or `nil` if there is none.
    func accountData(_ type: String, user: String, accessToken: String) async throws(ServiceError)
        -> JSONValue?
    {
        do {
            return try await http.send(.get, ["user", user, "account_data", type], accessToken: accessToken)
        } catch .notFound {
            return nil
        }
    }

    /// Replaces the user's account data of `type`.
    func setAccountData(_ type: String, _ content: JSONValue, user: String, accessToken: String)
        async throws(ServiceError)
    {
        _ = try await http.send(
            .put, ["user", user, "account_data", type], body: content, accessToken: accessToken)
    }

    // MARK: The discovery room

    /// The shared discovery room's id, joining it (and creating it, the first time anyone asks).
    func poolRoom(user: String, accessToken: String) async throws(ServiceError) -> String {
        if let known = cache.withLock({ $0.poolRooms[user] }) { return known }
        let alias = "#\(configuration.poolAliasName):\(Self.serverName(of: user))"
        var roomID: String
        do {
            roomID = try await join(alias, accessToken: accessToken)
        } catch .notFound {
            do {
                let created = try await http.send(
                    .post, ["createRoom"],
                    body: [
                        "room_alias_name": .string(configuration.poolAliasName), "preset": "public_chat",
                        "name": "Discover",
                        "topic": "Discover's shared candidate pool: one profile per member.",
                        "power_level_content_override": ["events": [MatrixEventType.profile: 0]],
                    ], accessToken: accessToken)
                roomID = try created.string("room_id", in: "createRoom")
            } catch .rejected(let reason) where reason.hasPrefix("M_ROOM_IN_USE") {
                // Someone created it between our join and our create: join theirs.
                roomID = try await join(alias, accessToken: accessToken)
            }
        }
        let joined = roomID
        cache.withLock { $0.poolRooms[user] = joined }
        return roomID
    }

    /// Joins a room by id or alias and answers its id.
    func join(_ room: String, accessToken: String) async throws(ServiceError) -> String {
        let answer = try await http.send(.post, ["join", room], accessToken: accessToken)
        return try answer.string("room_id", in: "join")
    }

    // MARK: Conversations

    /// Remembers which room holds a conversation.
    func remember(room roomID: String, conversation: String) {
        cache.withLock { $0.conversationRooms[conversation] = roomID }
    }

    /// The conversation `roomID` holds, if this connection knows it (from a listing, the live feed,
    /// or a like that made the match by joining the room).
    func conversation(inRoom roomID: String) -> String? {
        cache.withLock { cache in cache.conversationRooms.first { $0.value == roomID }?.key }
    }

    /// Forgets the room of a conversation that ended (a new match makes a new room).
    func forget(conversation: String) {
        _ = cache.withLock { $0.conversationRooms.removeValue(forKey: conversation) }
    }

    /// The room of a conversation, listing the user's rooms if it is not known yet.
    func room(of conversation: String, user: String, accessToken: String) async throws(ServiceError) -> String
    {
        if let known = cache.withLock({ $0.conversationRooms[conversation] }) { return known }
        let listing = try await rooms(user: user, accessToken: accessToken)
        guard let room = listing.conversations.first(where: { $0.match.id == conversation })?.roomID else {
            throw .notFound
        }
        return room
    }

    /// A `timeout` value no recent listing used (counting up from a random start).
    ///
    /// Synapse caches `/sync` answers by their parameters for a while (`sync_response_cache_duration`,
    /// two minutes by default), so a second identical listing would read the first one's rooms. An
    /// initial sync (no `since`) does not wait whatever the timeout, so varying it costs nothing.
    func freshSyncTimeout() -> String {
        String(listings.add(1, ordering: .relaxed).newValue)
    }

    /// Every room of the user, read from one `/sync` without a `since` token: matches (both joined),
    /// likes sent (the other invited) and likes received (invites), with the discovery room's
    /// profiles for names.
    ///
    /// The timeline carries member events as well as messages: a sync's `state` is the state at the
    /// start of the timeline, so a leave after the last message shows only in the timeline.
    func rooms(user: String, accessToken: String) async throws(ServiceError) -> MatrixRoomListing {
        try await roomsAndToken(user: user, accessToken: accessToken).listing
    }

    /// ``rooms(user:accessToken:)`` with the sync's `next_batch`: where a live feed that carries on
    /// from this listing starts.
    func roomsAndToken(user: String, accessToken: String) async throws(ServiceError)
        -> (listing: MatrixRoomListing, nextBatch: String?)
    {
        let pool = try await poolRoom(user: user, accessToken: accessToken)
        let filter: JSONValue = [
            "room": [
                "timeline": ["limit": 10, "types": ["m.room.message", "m.room.member"]],
                // The creator tells who the match is; the profiles (discovery room) give names.
                "state": [
                    "types": ["m.room.member", "m.room.create", .string(MatrixEventType.profile)],
                    "lazy_load_members": false,
                ],
                "ephemeral": ["types": []], "account_data": ["types": []],
            ],
            "presence": ["types": []], "account_data": ["types": []],
        ]
        let answer = try await http.send(
            .get, ["sync"],
            query: [
                "filter": String(decoding: filter.encoded(), as: UTF8.self), "full_state": "true",
                "timeout": freshSyncTimeout(),
            ],
            accessToken: accessToken)
        await MatrixBlocks.honour(answer, user: user, accessToken: accessToken, connection: self)
        let listing = try MatrixRoomListing(
            sync: answer, user: user, poolRoom: pool, configuration: configuration)
        cache.withLock { cache in
            for conversation in listing.conversations {
                cache.conversationRooms[conversation.match.id] = conversation.roomID
            }
        }
        return (listing, answer["next_batch"]?.stringValue)
    }

    /// Keeps the listing the conversations list showed, and its token, for the live feed that starts
    /// next: it carries on from there, so nothing between the list and its first sync is missed.
    func keepForFeed(_ listing: MatrixRoomListing, nextBatch: String, user: String) {
        cache.withLock { $0.feedStarts[user] = FeedStart(listing: listing, nextBatch: nextBatch) }
    }

    /// The listing kept for the feed of `user` (once: a later feed lists anew).
    func takeFeedStart(user: String) -> FeedStart? {
        cache.withLock { $0.feedStarts.removeValue(forKey: user) }
    }

    /// A listing and the `next_batch` of its sync: where a live feed starts.
    struct FeedStart: Sendable {
        let listing: MatrixRoomListing
        let nextBatch: String
    }
}

/// How many service calls of a connection are in flight.
private final class InFlightCount: Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .acquiring) }

    func add(_ amount: Int) { count.add(amount, ordering: .acquiringAndReleasing) }

    /// Counts one call answered; answers how many are left.
    func subtractOne() -> Int { count.subtract(1, ordering: .acquiringAndReleasing).newValue }
}

/// The custom event and account-data types Discover stores on a homeserver.
enum MatrixEventType {
    /// A member's public profile: a state event in the discovery room, state key = user id.
    static let profile = "com.discover.profile"
    /// Private account facts: display name, birth date, whether the profile is set up.
    static let account = "com.discover.account"
    /// Private: who the user looks for.
    static let preferences = "com.discover.preferences"
    /// Private: every swipe by id, with its outcome (so a repeated swipe id is applied once).
    static let swipes = "com.discover.swipes"
    /// Private: one swipe, by id (`com.discover.swipe.<id>`), written once by the device that applied it.
    static let swipePrefix = "com.discover.swipe."
    /// The content key carrying a message's client transaction id: never read back from anyone else's
    /// events (anyone can write any content; ``MatrixTimelineMapper`` uses the server's
    /// `unsigned.transaction_id`); a resend from a new device looks for it in the user's own events.
    static let transactionKey = "com.discover.txn"
    /// The `m.room.create` content key naming whom the creator's like (and so the room) is for.
    static let likedUser = "com.discover.liked_user"
    /// The leave reason that marks an unmatch as a block: the other side ignores the blocker in turn.
    static let blockReason = "com.discover.block"
    /// The standard ignore list.
    static let ignoredUsers = "m.ignored_user_list"
    /// The invite reason that marks a like as a super like.
    static let superLikeReason = "com.discover.super_like"
}
