import Foundation
import Models

/// Every swipe of a user by id, kept in account data: what makes a repeated swipe id apply once,
/// passes hold on every device, and today's likes countable.
///
/// Each swipe has an account-data event of its own (`com.discover.swipe.<id>`), written once by the
/// device that applied it (a rewind writes it empty), so two devices swiping at the same moment never
/// overwrite each other's swipes: there is no shared document to read, change and write back. The
/// record is read from one `/sync` that carries only account data; the older single document
/// (`com.discover.swipes`) is still read, and a per-swipe event wins over its entry.
struct MatrixSwipeRecord: Sendable {
    /// One applied swipe.
    struct Entry: Sendable, Equatable {
        var candidate: String
        var action: SwipeAction
        var at: Date
        var matched: Bool
        var room: String?
        var name: String?
        var matchedAt: Date?
    }

    private(set) var entries: [String: Entry]

    /// The account-data type of the swipe with id `id`.
    static func type(of id: String) -> String { MatrixEventType.swipePrefix + id }

    /// The record in a sync answer's account data (`account_data.events`): the old single document's
    /// entries, then every per-swipe event over them (an empty one removes its swipe: a rewind).
    ///
    /// An entry it cannot read is skipped (written by a newer client, or by anyone with the token).
    static func read(accountData events: [JSONValue]) -> MatrixSwipeRecord {
        var entries: [String: Entry] = [:]
        for event in events where event["type"]?.stringValue == MatrixEventType.swipes {
            for (id, value) in event["content"]?["swipes"]?.objectValue ?? [:] {
                if let entry = entry(from: value) { entries[id] = entry }
            }
        }
        for event in events {
            guard let type = event["type"]?.stringValue, type.hasPrefix(MatrixEventType.swipePrefix),
                type.count > MatrixEventType.swipePrefix.count
            else { continue }
            let id = String(type.dropFirst(MatrixEventType.swipePrefix.count))
            entries[id] = event["content"].flatMap(entry(from:))
        }
        return MatrixSwipeRecord(entries: entries)
    }

    /// Reads the record from a `/sync` that answers only the user's account data.
    static func load(user: String, accessToken: String, connection: MatrixConnection)
        async throws(ServiceError)
        -> MatrixSwipeRecord
    {
        let filter: JSONValue = [
            "room": ["rooms": []], "presence": ["types": []],
            "account_data": [
                "types": [.string(MatrixEventType.swipes), .string(MatrixEventType.swipePrefix + "*")]
            ],
        ]
        let answer = try await connection.http.send(
            .get, ["sync"],
            query: [
                "filter": String(decoding: filter.encoded(), as: UTF8.self),
                "timeout": connection.freshSyncTimeout(),
            ], accessToken: accessToken)
        let events =
            (try? (answer["account_data"] ?? .object([:])).array("events", in: "sync account data")) ?? []
        return read(accountData: events)
    }

    /// The account-data content of one entry.
    static func content(of entry: Entry) -> JSONValue {
        var value: [String: JSONValue] = [
            "candidate": .string(entry.candidate), "action": .string(entry.action.rawValue),
            "at_ms": .number((entry.at.timeIntervalSince1970 * 1000).rounded()),
            "matched": .bool(entry.matched),
        ]
        if let room = entry.room { value["room"] = .string(room) }
        if let name = entry.name { value["name"] = .string(name) }
        if let matchedAt = entry.matchedAt {
            value["matched_at_ms"] = .number((matchedAt.timeIntervalSince1970 * 1000).rounded())
        }
        return .object(value)
    }

    private static func entry(from value: JSONValue) -> Entry? {
        guard let candidate = value["candidate"]?.stringValue,
            let action = value["action"]?.stringValue.flatMap(SwipeAction.init(rawValue:)),
            case .number(let milliseconds)? = value["at_ms"], milliseconds.isFinite
        else { return nil }
        return Entry(
            candidate: candidate, action: action, at: Date(timeIntervalSince1970: milliseconds / 1000),
            matched: value["matched"]?.boolValue ?? false, room: value["room"]?.stringValue,
            name: value["name"]?.stringValue.map {
                MatrixServerText.sanitized($0, limit: MatrixServerText.Limit.displayName)
            },
            matchedAt: value["matched_at_ms"].flatMap { json -> Date? in
                guard case .number(let at) = json, at.isFinite else { return nil }
                return Date(timeIntervalSince1970: at / 1000)
            })
    }

    /// Writes the swipe with id `id` as it is in the record now (empty if it was removed): only its
    /// own account-data event, so no other swipe is touched.
    func save(_ id: String, user: String, accessToken: String, connection: MatrixConnection)
        async throws(ServiceError)
    {
        let content = entries[id].map(Self.content(of:)) ?? .object([:])
        try await connection.setAccountData(Self.type(of: id), content, user: user, accessToken: accessToken)
    }

    /// Everyone swiped.
    var swipedCandidates: Set<String> { Set(entries.values.map(\.candidate)) }

    /// The outcome of a swipe already applied, if this id was.
    func outcome(of id: String, viewer: String) -> SwipeOutcome? {
        guard let entry = entries[id] else { return nil }
        guard entry.matched else { return .recorded }
        return .matched(
            Match(
                id: Match.id(between: UserID(viewer), and: UserID(entry.candidate)),
                user: UserID(entry.candidate),
                displayName: entry.name ?? entry.candidate, matchedAt: entry.matchedAt ?? entry.at))
    }

    /// Adds an applied swipe.
    mutating func add(_ swipe: Swipe, outcome: SwipeOutcome, room: String?) {
        var match: Match?
        if case .matched(let made) = outcome { match = made }
        entries[swipe.id] = Entry(
            candidate: swipe.candidate.rawValue, action: swipe.action, at: swipe.swipedAt,
            matched: match != nil,
            room: room, name: match?.displayName, matchedAt: match?.matchedAt)
    }

    /// Removes a pass (a rewind); anything else is refused.
    mutating func undoPass(_ id: String) throws(ServiceError) {
        guard let entry = entries[id] else { throw .rejected("no swipe \(id)") }
        guard entry.action == .pass else { throw .rejected("only a pass can be undone") }
        entries[id] = nil
    }

    /// Likes and super likes left on the (UTC) day holding `now`, counting the swipes made that day,
    /// and when that day ends.
    func allowance(at now: Date, configuration: MatrixConfiguration) -> SwipeAllowance {
        let dayStart = Date(
            timeIntervalSince1970: (now.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
        let dayEnd = dayStart.addingTimeInterval(86_400)
        let today = entries.values.filter { $0.at >= dayStart && $0.at < dayEnd && $0.action != .pass }
        let superLikes = today.filter { $0.action == .superLike }.count
        return SwipeAllowance(
            dailyLikes: configuration.dailyLikeLimit,
            likesRemaining: max(0, configuration.dailyLikeLimit - today.count),
            dailySuperLikes: configuration.dailySuperLikeLimit,
            superLikesRemaining: max(0, configuration.dailySuperLikeLimit - superLikes),
            resetsAt: dayEnd)
    }
}
