import Foundation
import Testing
import WebFrontEnd

/// The registry of browser sessions: at most `maximumCount` at once, and idle ones (their tab closed
/// without DELETE) are removed.
@MainActor
@Suite struct WebSessionsTests {
    let start = Date(timeIntervalSince1970: 1_768_467_600)

    @Test func aSessionIdleLongerThanTheLifetime_isRemoved_andARequestRestartsItsIdleTime() throws {
        let sessions = try WebSessions(backend: .embedded, data: .temporary())
        let session = try #require(try sessions.create(at: start))
        #expect(session.idleSince == start)
        let lifetime = Duration.seconds(15 * 60)
        #expect(sessions.removeIdle(longerThan: lifetime, at: start.addingTimeInterval(10 * 60)).isEmpty)
        session.touch(at: start.addingTimeInterval(10 * 60))
        #expect(sessions.removeIdle(longerThan: lifetime, at: start.addingTimeInterval(20 * 60)).isEmpty)
        #expect(
            sessions.removeIdle(longerThan: lifetime, at: start.addingTimeInterval(26 * 60)) == [session.id])
        #expect(sessions.count == 0)
        #expect(sessions[session.id] == nil)
    }

    @Test func sessionsBeyondTheMaximum_areRefused_untilOneIsRemoved() throws {
        let sessions = try WebSessions(backend: .embedded, data: .temporary())
        defer { sessions.removeAll() }
        var ids: [String] = []
        for _ in 0..<WebSessions.maximumCount {
            ids.append(try #require(try sessions.create(at: start)).id)
        }
        #expect(Set(ids).count == WebSessions.maximumCount)
        #expect(try sessions.create(at: start) == nil)
        #expect(sessions.remove(ids[0]))
        #expect(try sessions.create(at: start) != nil)
        #expect(sessions.count == WebSessions.maximumCount)
    }
}
