import EmbeddedBackend
import Foundation
import Interactors
import Models
import Services
import TestSupport
import Testing

/// The scripted day itself: what each person does, in order, and what the transcript records.
extension TranscriptScript {
    func run() throws -> String {
        let hasher = PasswordHasher(rounds: 5)
        log("hash " + hasher.hash("wonderland", salt: Array(0..<16)))
        log("hash " + hasher.hash("", salt: []))
        log("hash " + PasswordHasher(rounds: 1).hash("é\u{301}$x", salt: [255, 0, 17]))
        log("sha " + SHA256.hex(String(repeating: "xyz", count: 40)))

        sessions()
        let alice = try #require(signIn("ALICE", "wonderland"))
        let bob = try #require(signIn("bob@example.com", "builder123"))
        let carol = try #require(signIn("carol", "christmas1"))
        let a = alice.tokens.accessToken
        let b = bob.tokens.accessToken
        let c = carol.tokens.accessToken
        subscribe("alice", a)
        subscribe("bob", b)
        backend.scheduler.runDue()
        deck(a, b, c)
        backend.scheduler.advance(by: .seconds(86_400))
        swipe(a, "next-day", "c40", .like)
        for task in subscriptions { task.cancel() }
        subscriptions = []
        let alice2 = try #require(signIn("alice", "wonderland"))
        let bob2 = try #require(signIn("bob", "builder123"))
        let carol2 = try #require(signIn("carol", "christmas1"))
        subscribe("alice", alice2.tokens.accessToken)
        subscribe("bob", bob2.tokens.accessToken)
        swipe(alice2.tokens.accessToken, "next-day", "c40", .like)
        _ = fetch(alice2.tokens.accessToken, "g0", limit: 5)
        try talk(alice2.tokens.accessToken, bob2.tokens.accessToken, carol2.tokens.accessToken)
        backend.scheduler.runDue()
        counters()
        for task in subscriptions { task.cancel() }
        return lines.joined(separator: "\n")
    }

    func sessions() {
        _ = signIn("alice", "wrong")
        _ = signIn("nobody", "wonderland")
        for _ in 0..<4 { _ = signIn("dave", "wrong") }
        _ = signIn("dave", "davedave1")
        backend.scheduler.advance(by: .seconds(61))
        let dave = signIn("dave", "davedave1")
        let signUp = wait("signUp erin", session) {
            auth.signUp(
                SignUpRequest(
                    username: "Erin", email: "erin@example.com", password: "erin-pass", displayName: "Erin",
                    birthDate: CalendarMath.parseDay("2001-02-28") ?? Date()),
                completion: $0)
        }
        _ = wait("signUp taken", session) {
            auth.signUp(
                SignUpRequest(
                    username: "bob", email: nil, password: "x", displayName: "B",
                    birthDate: Date(timeIntervalSince1970: 0)),
                completion: $0)
        }
        guard let dave, let erin = signUp else { return }
        let d = dave.tokens.accessToken
        let e = erin.tokens.accessToken
        _ = wait("validate dave", user) { auth.validate(accessToken: d, completion: $0) }
        _ = wait("validate junk", user) { auth.validate(accessToken: "eat_junk", completion: $0) }
        if let refresh = dave.tokens.refreshToken {
            _ = wait("refresh", tokens) { auth.refresh(refreshToken: refresh, completion: $0) }
            _ = wait("refresh again", tokens) { auth.refresh(refreshToken: refresh, completion: $0) }
        }
        let profile = Profile(
            bio: "New here.", interests: [Interest("Yoga"), Interest("Art")],
            lookingFor: SearchPreferences(minimumAge: 20, maximumAge: 60, maximumDistanceKm: 80))
        _ = wait("saveProfile erin", user) { profiles.saveProfile(profile, accessToken: e, completion: $0) }
        _ = wait("fetchProfile carol", publicProfile) {
            profiles.fetchProfile(of: "carol", accessToken: e, completion: $0)
        }
        _ = wait("fetchProfile c3", publicProfile) {
            profiles.fetchProfile(of: "c3", accessToken: e, completion: $0)
        }
        _ = fetch(e, nil, limit: 30)
        done("signOut dave") { auth.signOut(accessToken: d, completion: $0) }
        done("signOut dave again") { auth.signOut(accessToken: d, completion: $0) }
        log("live erin \(server.liveSessionCount(of: "erin"))")
        server.revokeSessions(of: "erin")
        log("live erin \(server.liveSessionCount(of: "erin"))")
        _ = wait("validate erin", user) { auth.validate(accessToken: e, completion: $0) }
        backend.scheduler.advance(by: .seconds(30))
    }

    func deck(_ a: String, _ b: String, _ c: String) {
        server.like(from: "carol", to: "alice", superLike: true)
        server.like(from: "c7", to: "alice")
        server.like(from: "c12", to: "alice", superLike: true)
        var cursor: String?
        var pages = 0
        repeat {
            guard let next = fetch(a, cursor, limit: 9) else { break }
            cursor = next.nextCursor
            pages += 1
        } while cursor != nil && pages < 40
        _ = fetch(a, "g3", limit: 0)
        _ = fetch(a, "g500", limit: 500)
        _ = fetch(a, "a2", limit: 3)
        _ = fetch(a, "q1")
        _ = fetch(a, "g-1")
        _ = fetch(a, "a+1")
        _ = fetch("eat_nope", nil)
        swipe(a, "s1", "bob", .pass)
        swipe(a, "s2", "carol", .like)
        swipe(a, "s2", "carol", .like)
        swipe(b, "s2", "carol", .like)
        swipe(a, "s3", "c7", .like)
        swipe(a, "s4", "c12", .superLike)
        swipe(a, "s5", "c13", .superLike)
        swipe(a, "s6", "nobody", .like)
        swipe(a, "s7", "alice", .like)
        swipe(a, "s8", "c120", .like)
        swipe(a, "s9", "c01", .like)
        for index in 20..<26 { swipe(a, "l\(index)", UserID("c\(index)"), .like) }
        for index in 30..<34 { swipe(a, "p\(index)", UserID("c\(index)"), .pass) }
        done("undo s1") { discovery.undoSwipe(id: "s1", accessToken: a, completion: $0) }
        done("undo s2") { discovery.undoSwipe(id: "s2", accessToken: a, completion: $0) }
        done("undo s1 by bob") { discovery.undoSwipe(id: "p30", accessToken: b, completion: $0) }
        done("undo unknown") { discovery.undoSwipe(id: "zz", accessToken: a, completion: $0) }
        done("prefs bad") {
            discovery.savePreferences(
                SearchPreferences(minimumAge: 30, maximumAge: 20, maximumDistanceKm: 10), accessToken: a,
                completion: $0)
        }
        done("prefs") {
            discovery.savePreferences(
                SearchPreferences(minimumAge: 25, maximumAge: 45, maximumDistanceKm: 30), accessToken: a,
                completion: $0)
        }
        _ = fetch(a, nil, limit: 25)
        _ = fetch(b, nil, limit: 100)
        _ = fetch(c, "g40", limit: 7)
        log("matches alice " + server.matches(of: "alice").map(match).joined(separator: "; "))
        log("swipes alice \(server.swipeCount(of: "alice")) bob \(server.swipeCount(of: "bob"))")
        log("recorded \(String(describing: server.recordedSwipe(by: "alice", on: "c30")))")
        log(
            "super \(server.receivedSuperLike("c12", from: "alice")) \(server.receivedSuperLike("alice", from: "c12"))"
        )
    }

    func talk(_ a: String, _ b: String, _ c: String) throws {
        let conversation = Match.id(between: "alice", and: "carol")
        server.like(from: "bob", to: "alice")
        server.like(from: "alice", to: "bob")
        let withBob = Match.id(between: "alice", and: "bob")
        conversations(a)
        send(a, "t1", conversation, "Hi Carol")
        send(a, "t1", conversation, "Hi Carol (again)")
        send(a, "t2", conversation, "How are you?")
        send(b, "t3", conversation, "Intruder")
        send(a, "t4", "m-alice-nobody", "Nobody")
        send(a, "t5", withBob, "Hi Bob")
        _ = try server.sendMessage(from: "carol", to: "alice", "Hello Alice")
        _ = try? server.sendMessage(from: "carol", to: "dave", "No match")
        backend.scheduler.advance(by: .seconds(5))
        send(b, "t6", withBob, "Hey!")
        done("markRead") { chat.markRead(conversation: conversation, accessToken: a, completion: $0) }
        done("markRead bob") { chat.markRead(conversation: withBob, accessToken: b, completion: $0) }
        done("markRead none") { chat.markRead(conversation: "m-x-y", accessToken: a, completion: $0) }
        server.markRead(by: "carol", with: "alice")
        done("typing") {
            chat.setTyping(conversation: withBob, isTyping: true, accessToken: a, completion: $0)
        }
        done("typing none") {
            chat.setTyping(conversation: conversation, isTyping: true, accessToken: b, completion: $0)
        }
        server.setTyping(by: "bob", with: "alice", isTyping: true)
        server.duplicateChatEvents(true)
        send(b, "t7", withBob, "Twice")
        server.duplicateChatEvents(false)
        server.deliverNextChatEventsOutOfOrder(3)
        send(b, "t8", withBob, "One")
        send(b, "t9", withBob, "Two")
        backend.scheduler.advance(by: .seconds(1))
        server.seedConversations(for: "dave", count: 3, messagesEach: 4)
        for index in 0..<12 { send(a, "bulk\(index)", withBob, "Bulk \(index)") }
        var before: String?
        repeat {
            guard let page = history(a, withBob, before: before, limit: 5) else { break }
            before = page.olderCursor
        } while before != nil
        _ = history(a, withBob, before: "999", limit: 5)
        _ = history(a, withBob, before: "x", limit: 5)
        _ = history(a, withBob, before: nil, limit: 0)
        _ = history(b, conversation, before: nil, limit: 5)
        conversations(a)
        conversations(b)
        conversations(c)
        server.failNextRequest(with: .server("boom"), on: .sendMessage)
        send(a, "f1", withBob, "Fails")
        send(a, "f1", withBob, "Retried")
        server.failNextRequest(with: .networkUnavailable)
        conversations(a)
        server.duplicateNextResponse(on: .sendSwipe)
        swipe(a, "dup", "c50", .pass)
        server.isNetworkDown = true
        swipe(a, "down", "c51", .pass)
        server.isNetworkDown = false
        server.latency = .milliseconds(250)
        swipe(a, "slow", "c52", .pass, after: .seconds(1))
        server.latency = .zero
        done("unmatch") {
            chat.unmatch(conversation: conversation, block: true, accessToken: a, completion: $0)
        }
        done("unmatch again") {
            chat.unmatch(conversation: conversation, block: false, accessToken: a, completion: $0)
        }
        _ = history(a, conversation, before: nil, limit: 5)
        send(a, "t1", conversation, "Resend after unmatch")
        log("blocked \(server.isBlocked("carol", "alice")) \(server.isBlocked("bob", "alice"))")
        server.unmatch(by: "bob", with: "alice")
        conversations(a)
        _ = fetch(c, nil, limit: 10)
        log(
            "messages "
                + server.messages(between: "alice", and: "bob").map(message).joined(separator: "\n    "))
        log("profile \(server.profile(of: "alice").map { preferences($0.lookingFor) } ?? "nil")")
    }
}
