import Foundation
import GenericScreens
import Models
import Testing

@testable import Flows

/// The chat's screens, built from their states by pure functions.
@Suite struct ChatScreensTests {
    let t0 = Date(timeIntervalSince1970: 1_000)

    /// The matches list's previews show line feeds as spaces, and at most 40 characters.
    @Test func previews_showLineFeedsAsSpaces_asFoundationWould() {
        let texts = [
            "hi", "two\nlines", "crlf\r\nline", "\n", "", String(repeating: "long ", count: 12),
            "é\u{301}\nx",
            String(repeating: "a", count: 39) + "\nb",
        ]
        var state = ChatListState()
        state.conversations = .init(
            texts.enumerated().map { index, text in
                ConversationSummary(
                    match: Match(id: "m\(index)", user: UserID("u\(index)"), displayName: "U", matchedAt: t0),
                    lastMessage: Message(
                        id: "x\(index)", conversation: "m\(index)", sender: "u", text: text, sentAt: t0),
                    unreadCount: 0)
            })
        guard case .list(let list) = MatchesPanel(state).generic.first else {
            Issue.record("no list")
            return
        }
        for (item, text) in zip(list.items, texts) {
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            #expect(item.detail == shown.replacingOccurrences(of: "\n", with: " "))
        }
    }

    @Test func aListNotLoadedYet_saysItIsLoading_withTheRowsKnownAndTheOutbox_neverThatThereIsNone() {
        var state = ChatListState()
        #expect(MatchesPanel(state).generic == [.text("Loading matches…")])
        state.loadFailure = .offline
        #expect(
            MatchesPanel(state).generic == [
                .text("Loading matches…"), .error("You're offline. Check your connection and try again."),
                .action(ScreenAction(id: ActionID.Matches.reload, label: "Try again")),
            ])
        let bob = Match(id: "m-bob", user: "bob", displayName: "Bob", matchedAt: t0)
        state.conversations = [
            ConversationSummary(
                match: bob,
                lastMessage: Message(
                    id: "t1", conversation: bob.id, sender: "alice", text: "On a train", sentAt: t0,
                    transactionID: "t1", status: .sending),
                unreadCount: 0)
        ]
        state.outbox.entries = [waiting(in: bob.id)]
        let elements = MatchesPanel(state).generic
        guard case .list(let list) = elements.first else {
            Issue.record("no list")
            return
        }
        #expect(list.items.map(\.title) == ["Bob"])
        #expect(elements.dropFirst().first == .text("Loading matches…"))
        #expect(elements.last == .notice("Waiting to send 1 message(s)."))
        #expect(!elements.contains(.text("No matches yet. Like someone who likes you back!")))
    }

    @Test func theMatchesList_showsNewMatchesThenConversations_andTheOutbox() {
        var state = ChatListState()
        state.isLoaded = true
        #expect(MatchesPanel(state).generic == [.text("No matches yet. Like someone who likes you back!")])
        let bob = Match(id: "m-bob", user: "bob", displayName: "Bob", matchedAt: t0)
        let eve = Match(id: "m-eve", user: "eve", displayName: "Eve", matchedAt: t0)
        state.newMatches = [bob]
        state.conversations = [
            ConversationSummary(
                match: eve,
                lastMessage: Message(id: "x", conversation: eve.id, sender: "eve", text: "hey", sentAt: t0),
                unreadCount: 2)
        ]
        state.outbox.entries = [waiting(in: eve.id)]
        let elements = MatchesPanel(state).generic
        #expect(elements.count == 2)
        guard case .list(let list) = elements.first else {
            Issue.record("no list")
            return
        }
        #expect(list.items.map(\.title) == ["Bob", "Eve"])
        #expect(list.items.map(\.detail) == ["New match — say hi", "hey · 2 unread"])
        #expect(
            list.items.compactMap(\.action).compactMap { ActionID.Matches.conversationID(openedBy: $0) } == [
                "m-bob", "m-eve",
            ])
        #expect(
            list.items.map(\.row) == [
                .match(
                    MatchRow(
                        matchID: "m-bob", name: "Bob", preview: nil, unreadCount: 0, lastActivity: nil,
                        isNew: true)),
                .match(
                    MatchRow(
                        matchID: "m-eve", name: "Eve", preview: "hey", unreadCount: 2, lastActivity: t0,
                        isNew: false)),
            ])
        #expect(elements.last == .notice("Waiting to send 1 message(s)."))
    }

    @Test func aConversation_showsItsRowsAndWhatTheUserCanDo() {
        var state = ConversationState(match: Match(id: "m", user: "bob", displayName: "Bob", matchedAt: t0))
        state.isLoadingHistory = true
        let empty = ChatScreens.conversation(state, me: "alice").generic
        #expect(empty.title == "Bob")
        #expect(!empty.elements.contains(.text("You matched with Bob. Say hi!")))
        state.isLoadingHistory = false
        state.messages = [
            Message(id: "1", conversation: "m", sender: "bob", text: "hi", sentAt: t0),
            Message(id: "2", conversation: "m", sender: "alice", text: "yo", sentAt: t0, status: .failed),
        ]
        state.otherIsTyping = true
        state.problem = .empty
        let screen = ChatScreens.conversation(state, me: "alice").generic
        #expect(screen.lists.first?.items.map(\.title) == ["Bob: hi", "You: yo"])
        #expect(screen.lists.first?.items.map(\.detail) == ["", "not sent"])
        #expect(screen.elements.contains(.typing(Typing(name: "Bob"))))
        #expect(screen.visibleTexts.contains("Bob is typing…"))
        #expect(
            screen.lists.first?.items.map(\.row) == [
                .message(
                    MessageRow(
                        id: "1", sender: "bob", senderName: "Bob", isMine: false, text: "hi", isAction: false,
                        sentAt: t0, isEdited: false, delivery: nil)),
                .message(
                    MessageRow(
                        id: "2", sender: "alice", senderName: "You", isMine: true, text: "yo",
                        isAction: false,
                        sentAt: t0, isEdited: false, delivery: .failed(reason: nil, canRetry: true))),
            ])
        #expect(screen.elements.contains(.error("Write something first.")))
        #expect(screen.actions.map(\.label).contains("Retry failed messages"))
        state.isUnmatched = true
        let ended = ChatScreens.conversation(state, me: "alice").generic
        #expect(ended.elements.first == .notice("You are no longer matched with Bob."))
        #expect(ended.fields.isEmpty && ended.actions.map(\.label).last == "Back")
    }

    /// A conversation's rows read in order (leaf by leaf) are its rows read by position, and two
    /// views of the same messages are equal.
    @Test func messageRows_readInOrder_areTheRowsByPosition() {
        var state = ConversationState(match: Match(id: "m", user: "bob", displayName: "Bob", matchedAt: t0))
        state.messages = MessageList(
            (0..<100).map { index in
                Message(
                    id: "\(index)", conversation: "m", sender: index.isMultiple(of: 3) ? "alice" : "bob",
                    text: "Message \(index)", sentAt: t0)
            })
        let rows = MessageRows(state, me: "alice")
        #expect(Array(rows) == rows.indices.map { rows[$0] })
        #expect(rows[3].senderName == "You" && rows[4].senderName == "Bob")
        #expect(rows == MessageRows(state, me: "alice"))
        #expect(rows != MessageRows(state, me: "bob"))
    }

    /// An entry of the outbox: a message waiting to be sent in `conversation`.
    func waiting(in conversation: String) -> SendQueue<OutgoingMessage>.Entry {
        SendQueue.Entry(
            item: OutgoingMessage(id: "w1", conversation: conversation, text: "Waiting", createdAt: t0),
            state: .waiting, isSaved: true)
    }
}
