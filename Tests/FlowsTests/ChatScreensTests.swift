import Foundation
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
        guard case .list(let list) = ChatScreens.matchesList(state).first else {
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
        #expect(ChatScreens.matchesList(state) == [.text("Loading matches…")])
        state.loadFailure = .offline
        #expect(
            ChatScreens.matchesList(state) == [
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
        let elements = ChatScreens.matchesList(state)
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
        #expect(ChatScreens.matchesList(state) == [.text("No matches yet. Like someone who likes you back!")])
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
        let elements = ChatScreens.matchesList(state)
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
        let empty = ChatScreens.conversation(state, me: "alice")
        #expect(empty.title == "Bob")
        #expect(!empty.elements.contains(.text("You matched with Bob. Say hi!")))
        state.isLoadingHistory = false
        state.messages = [
            Message(id: "1", conversation: "m", sender: "bob", text: "hi", sentAt: t0),
            Message(id: "2", conversation: "m", sender: "alice", text: "yo", sentAt: t0, status: .failed),
        ]
        state.otherIsTyping = true
        state.problem = .empty
        let screen = ChatScreens.conversation(state, me: "alice")
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
        let ended = ChatScreens.conversation(state, me: "alice")
        #expect(ended.elements.first == .notice("You are no longer matched with Bob."))
        #expect(ended.fields.isEmpty && ended.actions.map(\.label).last == "Back")
    }

    /// A conversation's rows patched by its list changes are the rows built afresh.
    @Test func messageRows_patchedByTheChanges_areTheRowsBuiltAfresh() {
        func message(_ id: String, _ sender: UserID, _ text: String, _ status: Message.Status = .sent)
            -> Message
        {
            Message(id: id, conversation: "m", sender: sender, text: text, sentAt: t0, status: status)
        }
        var before = ConversationState(match: Match(id: "m", user: "bob", displayName: "Bob", matchedAt: t0))
        before.messages = [
            message("1", "bob", "hi"), message("2", "alice", "yo", .sending), message("3", "bob", "so"),
            message("4", "alice", "ok"),
        ]
        let rows = ChatScreens.messageRows(of: before, me: "alice")
        var after = before
        after.messages = [
            message("4", "alice", "ok", .read), message("1", "bob", "hi"), message("3", "bob", "so"),
            message("5", "bob", "new"), message("2b", "alice", "yo"),
        ]
        after.changes = [
            .remove("2", at: 1), .move("4", from: 2, to: 0), .insert("5", at: 3), .insert("2b", at: 4),
            .update("4", at: 0),
        ]
        after.revision = before.revision + 1
        #expect(ListChange.apply(after.changes, to: before.messages.map(\.id)) == after.messages.map(\.id))
        let patched = ChatScreens.messageRows(of: after, after: rows, me: "alice")
        #expect(patched == ChatScreens.messageRows(of: after, me: "alice"))
        // Changes that do not fit the rows given: every row is built.
        #expect(ChatScreens.messageRows(of: after, after: [], me: "alice") == patched)
    }

    /// An entry of the outbox: a message waiting to be sent in `conversation`.
    func waiting(in conversation: String) -> SendQueue<OutgoingMessage>.Entry {
        SendQueue.Entry(
            item: OutgoingMessage(id: "w1", conversation: conversation, text: "Waiting", createdAt: t0),
            state: .waiting, isSaved: true)
    }
}
