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
        defer { try? FileManager.default.removeItem(at: sessions.data.url) }
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
        defer {
            sessions.removeAll()
            try? FileManager.default.removeItem(at: sessions.data.url)
        }
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

    @Test func aSessionsFolder_isNamedOnlyByAnIdTheServerMakes() throws {
        let data = try WebDataFolder.temporary()
        defer { try? FileManager.default.removeItem(at: data.url) }
        let id = UUID().uuidString.lowercased()
        #expect(
            data.sessionDirectory(for: id) == data.sessionsURL.appendingPathComponent(id, isDirectory: true))
        for hostile in [
            "..", "../world.json", "a/b", id.uppercased(), id + "/..", "%2e%2e", "",
            String(id.dropLast()) + "/",
            id + "0",
        ] {
            #expect(data.sessionDirectory(for: hostile) == nil, "\(hostile)")
        }
    }

    @Test func theDataFolder_isOwnerOnly_andTheWorldFileToo() throws {
        let data = try WebDataFolder.temporary()
        defer { try? FileManager.default.removeItem(at: data.url) }
        _ = try WebSessions(backend: .embedded, data: data)
        for (path, mode) in [
            (data.url.path, 0o700), (data.sessionsURL.path, 0o700), (data.worldFileURL.path, 0o600),
        ] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? Int) == mode, "\(path)")
        }
    }

    @Test func aWorldFileThatCannotBeRestored_isATypedError_andIsLeftAsItIs() throws {
        let data = try WebDataFolder.temporary()
        defer { try? FileManager.default.removeItem(at: data.url) }
        let garbage = Data("not a world".utf8)
        try garbage.write(to: data.worldFileURL)
        #expect(
            throws: WebDataError.unreadableWorld(
                path: data.worldFileURL.path, .unreadable("it is not JSON with a version"))
        ) { try WebSessions(backend: .embedded, data: data) }
        #expect(try Data(contentsOf: data.worldFileURL) == garbage)
    }
}
