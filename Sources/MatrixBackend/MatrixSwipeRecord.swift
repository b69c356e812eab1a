import Foundation
import Models

/// Every swipe of a user by id, kept in the `com.discover.swipes` account data: what makes a
/// repeated swipe id apply once, passes hold on every device, and today's likes countable.
struct MatrixSwipeRecord: Sendable {
    struct Entry: Sendable {
        var candidate: String
        var action: SwipeAction
        var at: Date
        var matched: Bool
        var room: String?
        var name: String?
        var matchedAt: Date?
    }

    private(set) var entries: [String: Entry]

    /// Reads the record; an entry it cannot read is skipped (a record written by a newer client).
    static func load(user: String, accessToken: String, connection: MatrixConnection)
        async throws(ServiceError)
        -> MatrixSwipeRecord
    {
        let data = try await connection.accountData(
            MatrixEventType.swipes, user: user, accessToken: accessToken)
        var entries: [String: Entry] = [:]
        for (id, value) in data?["swipes"]?.objectValue ?? [:] {
            guard let candidate = value["candidate"]?.stringValue,
                let action = value["action"]?.stringValue.flatMap(SwipeAction.init(rawValue:)),
                case .number(let milliseconds)? = value["at_ms"]
            else { continue }
            entries[id] = Entry(
                candidate: candidate, action: action, at: Date(timeIntervalSince1970: milliseconds / 1000),
                matched: value["matched"]?.boolValue ?? false, room: value["room"]?.stringValue,
                name: value["name"]?.stringValue.map {
                    MatrixServerText.sanitized($0, limit: MatrixServerText.Limit.displayName)
                },
                matchedAt: value["matched_at_ms"].flatMap { json -> Date? in
                    guard case .number(let at) = json else { return nil }
                    return Date(timeIntervalSince1970: at / 1000)
                })
        }
        return MatrixSwipeRecord(entries: entries)
    }

    /// Writes the record back.
    func save(user: String, accessToken: String, connection: MatrixConnection) async throws(ServiceError) {
        var swipes: [String: JSONValue] = [:]
        for (id, entry) in entries {
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
            swipes[id] = .object(value)
        }
        try await connection.setAccountData(
            MatrixEventType.swipes, ["swipes": .object(swipes)], user: user, accessToken: accessToken)
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

    /// Likes and super likes left today (UTC day), and when they reset.
    func allowance(at now: Date, configuration: MatrixConfiguration) -> SwipeAllowance {
        let dayStart = Date(
            timeIntervalSince1970: (now.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
        let today = entries.values.filter { $0.at >= dayStart && $0.action != .pass }
        let superLikes = today.filter { $0.action == .superLike }.count
        return SwipeAllowance(
            dailyLikes: configuration.dailyLikeLimit,
            likesRemaining: max(0, configuration.dailyLikeLimit - today.count),
            dailySuperLikes: configuration.dailySuperLikeLimit,
            superLikesRemaining: max(0, configuration.dailySuperLikeLimit - superLikes),
            resetsAt: dayStart.addingTimeInterval(86_400))
    }
}
