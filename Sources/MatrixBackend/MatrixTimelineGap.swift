import Foundation
import Models

/// Fills the gaps of a gappy `/sync`: a joined room whose timeline is `limited` carries only its
/// newest events, and `prev_batch` marks where they start. The events between the previous sync
/// (`since`) and `prev_batch` are read with `/messages` (backwards, `to` the previous sync) and put
/// before the timeline's, so the feed reports every event in order, with no hole to page through.
enum MatrixTimelineGap {
    /// How many `/messages` pages one gap may take (a page is ``pageSize`` events); a server that
    /// keeps answering more is not followed further, and what is left shows with "older messages".
    static let maximumPages = 50
    /// Events asked for per page.
    static let pageSize = 100

    /// The rooms of a sync answer whose timelines left a gap, with each one's `prev_batch`.
    static func gaps(in answer: JSONValue) -> [(room: String, prevBatch: String)] {
        (answer["rooms"]?["join"]?.objectValue ?? [:]).compactMap { roomID, room in
            guard room["timeline"]?["limited"]?.boolValue == true,
                let prevBatch = room["timeline"]?["prev_batch"]?.stringValue
            else { return nil }
            return (roomID, prevBatch)
        }
        .sorted { $0.room < $1.room }
    }

    /// `answer` with each gap filled: the missing events, oldest first, before the timeline's own.
    ///
    /// A page that fails fails the whole answer, so the feed polls again from the same `since` and
    /// nothing is reported with a hole in it.
    static func filled(
        _ answer: JSONValue, since: String, accessToken: String, connection: MatrixConnection
    ) async throws(ServiceError) -> JSONValue {
        let gaps = gaps(in: answer)
        guard !gaps.isEmpty, case .object(var top) = answer,
            case .object(var rooms)? = top["rooms"], case .object(var joined)? = rooms["join"]
        else { return answer }
        for gap in gaps {
            let missing = try await events(
                room: gap.room, from: gap.prevBatch, to: since, accessToken: accessToken,
                connection: connection)
            guard !missing.isEmpty, case .object(var room)? = joined[gap.room],
                case .object(var timeline)? = room["timeline"]
            else { continue }
            let known = timeline["events"]?.arrayValue ?? []
            timeline["events"] = .array(merged(missing: missing, before: known))
            timeline["limited"] = .bool(false)
            room["timeline"] = .object(timeline)
            joined[gap.room] = .object(room)
        }
        rooms["join"] = .object(joined)
        top["rooms"] = .object(rooms)
        return .object(top)
    }

    /// The missing events followed by the timeline's, each event once (by event id).
    static func merged(missing: [JSONValue], before timeline: [JSONValue]) -> [JSONValue] {
        var seen = Set(timeline.compactMap { $0["event_id"]?.stringValue })
        var result: [JSONValue] = []
        for event in missing {
            if let id = event["event_id"]?.stringValue {
                guard seen.insert(id).inserted else { continue }
            }
            result.append(event)
        }
        return result + timeline
    }

    /// The room's events from `from` back to `to`, oldest first.
    private static func events(
        room: String, from: String, to: String, accessToken: String, connection: MatrixConnection
    ) async throws(ServiceError) -> [JSONValue] {
        var newestFirst: [JSONValue] = []
        var cursor = from
        for _ in 0..<maximumPages {
            let answer = try await connection.http.send(
                .get, ["rooms", room, "messages"],
                query: ["dir": "b", "from": cursor, "to": to, "limit": String(pageSize)],
                accessToken: accessToken)
            let chunk = try answer.array("chunk", in: "messages")
            newestFirst += chunk
            guard !chunk.isEmpty, let end = answer["end"]?.stringValue, end != cursor else { break }
            cursor = end
        }
        return newestFirst.reversed()
    }
}
