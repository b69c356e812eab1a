import Foundation
import Interactors
import Models
import Services
import Testing

/// The contract's cases about matches and chat.
extension ServiceContract {
    func likeAndMatch() throws {
        let alice = try person("alice")
        let bob = try person("bob")
        var aliceEvents: [ChatEvent] = []
        let feed = alice.services.chat.subscribe(accessToken: alice.token) { aliceEvents.append($0) }
        defer { feed.cancel() }
        #expect(harness.wait { harness.feedIsLive(for: alice.id) })
        _ = try harness.value {
            alice.services.discovery.sendSwipe(
                swipe(bob.id, .superLike), accessToken: alice.token, completion: $0)
        }
        let bobsPage = try candidatesPage(bob)
        #expect(bobsPage.candidates.map(\.id) == [alice.id])
        #expect(bobsPage.candidates.first?.likedYou == true)
        #expect(bobsPage.candidates.first?.superLikedYou == true)
        let outcome = try harness.value {
            bob.services.discovery.sendSwipe(swipe(alice.id, .like), accessToken: bob.token, completion: $0)
        }
        let conversation = Match.id(between: alice.id, and: bob.id)
        guard case .matched(let match) = outcome else {
            Issue.record("liking back answered \(outcome)")
            return
        }
        #expect(match.id == conversation)
        #expect(match.user == alice.id)
        #expect(
            harness.wait {
                aliceEvents.contains {
                    if case .matched(let m) = $0 { m.id == conversation && m.user == bob.id } else { false }
                }
            })
        for person in [alice, bob] {
            let list = try harness.value {
                person.services.chat.fetchConversations(accessToken: person.token, completion: $0)
            }
            #expect(list.map(\.id) == [conversation])
            #expect(list.first?.unreadCount == 0)
            #expect(list.first?.lastMessage == nil)
        }
        #expect(try candidatesPage(alice).candidates.isEmpty)
        #expect(try candidatesPage(bob).candidates.isEmpty)
    }

    func messageTwice() throws {
        let (alice, bob, conversation) = try matchedPair()
        let message = OutgoingMessage(
            id: "tx-\(UUID().uuidString)", conversation: conversation, text: "Hi Bob", createdAt: harness.now)
        let first = try harness.value {
            alice.services.chat.sendMessage(message, accessToken: alice.token, completion: $0)
        }
        let second = try harness.value {
            alice.services.chat.sendMessage(message, accessToken: alice.token, completion: $0)
        }
        #expect(first.id == second.id)
        #expect(first.transactionID == message.id)
        #expect(first.sender == alice.id)
        #expect(first.status == .sent)
        let page = try harness.value {
            bob.services.chat.fetchMessages(
                conversation: conversation, before: nil, limit: 50, accessToken: bob.token, completion: $0)
        }
        #expect(page.messages.map(\.text) == ["Hi Bob"])
        #expect(page.messages.first?.id == first.id)
        let bobsList = try harness.value {
            bob.services.chat.fetchConversations(accessToken: bob.token, completion: $0)
        }
        #expect(bobsList.first?.lastMessage?.text == "Hi Bob")
        #expect(bobsList.first?.unreadCount == 1)
    }

    func history() throws {
        let (alice, bob, conversation) = try matchedPair()
        for index in 1...5 {
            try send(alice, "message \(index)", in: conversation)
        }
        var texts: [String] = []
        var cursor: String?
        for _ in 0..<10 {
            let page = try harness.value {
                bob.services.chat.fetchMessages(
                    conversation: conversation, before: cursor, limit: 2, accessToken: bob.token,
                    completion: $0)
            }
            #expect(page.messages.count <= 2)
            texts += page.messages.map(\.text)
            cursor = page.olderCursor
            if cursor == nil { break }
        }
        #expect(texts == (1...5).reversed().map { "message \($0)" })
        #expect(cursor == nil)
    }

    func liveFeed() throws {
        let (alice, bob, conversation) = try matchedPair()
        var aliceEvents: [ChatEvent] = []
        var bobEvents: [ChatEvent] = []
        let aliceFeed = alice.services.chat.subscribe(accessToken: alice.token) { aliceEvents.append($0) }
        let bobFeed = bob.services.chat.subscribe(accessToken: bob.token) { bobEvents.append($0) }
        defer {
            aliceFeed.cancel()
            bobFeed.cancel()
        }
        // A feed hears what happens after it is live: sending before that raced the first sync.
        #expect(harness.wait { harness.feedIsLive(for: alice.id) && harness.feedIsLive(for: bob.id) })
        let sent = try send(alice, "Are you there?", in: conversation)
        #expect(
            harness.wait {
                bobEvents.contains {
                    if case .messageReceived(let message) = $0 {
                        message.id == sent.id && message.text == sent.text && message.sender == alice.id
                            && message.conversation == conversation
                    } else {
                        false
                    }
                }
            })
        try harness.value {
            bob.services.chat.markRead(conversation: conversation, accessToken: bob.token, completion: $0)
        }
        #expect(
            harness.wait {
                aliceEvents.contains {
                    if case .read(conversation, let upTo) = $0 { upTo >= sent.sentAt } else { false }
                }
            })
        try harness.value {
            bob.services.chat.setTyping(
                conversation: conversation, isTyping: true, accessToken: bob.token, completion: $0)
        }
        #expect(harness.wait { aliceEvents.contains(.typing(conversation: conversation, isTyping: true)) })
        let list = try harness.value {
            bob.services.chat.fetchConversations(accessToken: bob.token, completion: $0)
        }
        #expect(list.first?.unreadCount == 0)
    }

    func unmatch() throws {
        let (alice, bob, conversation) = try matchedPair()
        var aliceEvents: [ChatEvent] = []
        let feed = alice.services.chat.subscribe(accessToken: alice.token) { aliceEvents.append($0) }
        defer { feed.cancel() }
        #expect(harness.wait { harness.feedIsLive(for: alice.id) })
        try send(alice, "Hello?", in: conversation)
        try harness.value {
            bob.services.chat.unmatch(
                conversation: conversation, block: false, accessToken: bob.token, completion: $0)
        }
        #expect(harness.wait { aliceEvents.contains(.unmatched(conversation: conversation)) })
        for person in [alice, bob] {
            let list = try harness.value {
                person.services.chat.fetchConversations(accessToken: person.token, completion: $0)
            }
            #expect(list.isEmpty)
        }
        let late = harness.call {
            bob.services.chat.fetchMessages(
                conversation: conversation, before: nil, limit: 10, accessToken: bob.token, completion: $0)
        }
        #expect(late.failure != nil)
    }
}
