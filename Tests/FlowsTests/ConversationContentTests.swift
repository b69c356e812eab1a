import EmbeddedBackend
import Foundation
import Models
import Testing

@testable import Flows

/// A conversation's screen built with the rows kept from the last render is the screen built afresh.
@Suite struct ConversationContentTests {
    let me: UserID = "alice"
    let t0 = Date(timeIntervalSince1970: 1_000)

    /// Every row built from its message, the retry action looked for in every message.
    func afresh(_ state: ConversationState) -> Screen { conversationScreenAfresh(state, me: me) }

    @Test func keptRows_giveTheScreenBuiltAfresh_overRandomChanges() {
        var generator = SeededGenerator(seed: 5)
        let statuses: [Message.Status] = [.sending, .failed, .sent, .delivered, .read]
        var state = ConversationState(match: Match(id: "m", user: "bob", displayName: "Bob", matchedAt: t0))
        var content = ConversationContent(me: me)
        var next = 0
        for step in 0..<3_000 {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0, 1:
                next += 1
                state.messages.append(
                    Message(
                        id: "id-\(next)", conversation: "m",
                        sender: Bool.random(using: &generator) ? me : "bob",
                        text: "text \(next)", sentAt: t0,
                        status: statuses.randomElement(using: &generator) ?? .sent)
                )
            case 2 where !state.messages.isEmpty:
                let index = Int.random(in: state.messages.indices, using: &generator)
                state.messages[index].status = statuses.randomElement(using: &generator) ?? .sent
            case 3 where !state.messages.isEmpty:
                let index = Int.random(in: state.messages.indices, using: &generator)
                state.messages[index].text += "!"
            case 4 where !state.messages.isEmpty:
                // Older messages loaded above, or the first removed: every row moves.
                if Bool.random(using: &generator) {
                    state.messages.removeFirst()
                } else {
                    next += 1
                    state.messages.insert(
                        Message(id: "old-\(next)", conversation: "m", sender: "bob", text: "old", sentAt: t0),
                        at: 0)
                }
            case 5:
                state.match.displayName = Bool.random(using: &generator) ? "Bob" : "Robert"
            case 6:
                state.otherIsTyping.toggle()
                state.problem = Bool.random(using: &generator) ? nil : .empty
            case 7 where Bool.random(using: &generator):
                // Other list changes, or the same ones again in another array.
                state.changes =
                    Bool.random(using: &generator) ? [] : [.update("id-\(next)", at: 0), .insert("x", at: 1)]
            case 7:
                state.isUnmatched = Int.random(in: 0..<8, using: &generator) == 0
                state.failure = Bool.random(using: &generator) ? nil : .offline
                state.isLoadingHistory.toggle()
                state.hasOlderMessages = Bool.random(using: &generator)
            case 8 where !state.messages.isEmpty:
                // A message confirmed: a copy with the server's id and the same sender and text, in
                // texts of its own (its row keeps its title).
                let index = Int.random(in: state.messages.indices, using: &generator)
                let old = state.messages[index]
                next += 1
                state.messages[index] = Message(
                    id: "server-\(next)", conversation: "m", sender: old.sender, text: old.text,
                    sentAt: old.sentAt, transactionID: old.id,
                    status: statuses.randomElement(using: &generator) ?? .sent)
            default:
                // The same messages again (an edit of the draft), in the same storage.
                state.draft += "x"
                state.revision += 1
            }
            #expect(content.screen(for: state) == afresh(state), "step \(step)")
        }
    }

    @Test func eachLayoutFieldChangedAlone_rebuildsTheScreenBuiltAfresh() {
        var state = ConversationState(match: Match(id: "m", user: "bob", displayName: "Bob", matchedAt: t0))
        var content = ConversationContent(me: me)
        let hi = Message(id: "a", conversation: "m", sender: "bob", text: "hi", sentAt: t0)
        let failed = Message(id: "b", conversation: "m", sender: me, text: "yo", sentAt: t0, status: .failed)
        let edits: [(String, (inout ConversationState) -> Void)] = [
            ("message", { $0.messages = [hi] }), ("failed", { $0.messages.append(failed) }),
            ("typing", { $0.otherIsTyping.toggle() }), ("loading", { $0.isLoadingHistory.toggle() }),
            ("older", { $0.hasOlderMessages.toggle() }), ("problem", { $0.problem = .tooLong(maximum: 5) }),
            ("other problem", { $0.problem = .empty }), ("failure", { $0.failure = .offline }),
            ("other failure", { $0.failure = .server("down") }), ("name", { $0.match.displayName = "Rob" }),
            ("unmatched", { $0.isUnmatched.toggle() }), ("no messages", { $0.messages = [] }),
        ]
        #expect(content.screen(for: state) == afresh(state))
        for (name, edit) in edits {
            edit(&state)
            #expect(content.screen(for: state) == afresh(state), "\(name)")
            // The same state again: the same screen.
            #expect(content.screen(for: state) == afresh(state), "\(name) again")
        }
    }
}

/// Screens handed out earlier keep what they showed while later renders edit the kept elements and rows.
@Suite struct ConversationContentSharingTests {
    let me: UserID = "alice"
    let t0 = Date(timeIntervalSince1970: 1_000)

    func afresh(_ state: ConversationState) -> Screen { conversationScreenAfresh(state, me: me) }

    @Test func keptScreens_stayAsBuilt_whileLaterRendersChangeTheirElements() {
        var state = ConversationState(match: Match(id: "m", user: "bob", displayName: "Bob", matchedAt: t0))
        var content = ConversationContent(me: me)
        var shown: [(screen: Screen, expected: Screen)] = []
        for step in 0..<40 {
            switch step % 4 {
            case 0: state.draft += "a"
            case 1:
                state.messages.append(
                    Message(
                        id: "id-\(step)", conversation: "m", sender: me, text: "t\(step)", sentAt: t0,
                        status: .sending))
                state.changes = [.insert("id-\(step)", at: state.messages.count - 1)]
                state.revision += 1
                state.draft = ""
            case 2:
                state.messages[state.messages.count - 1].status = .sent
                state.changes = [.update("x", at: state.messages.count - 1)]
                state.revision += 1
            default: state.otherIsTyping.toggle()
            }
            shown.append((content.screen(for: state), afresh(state)))
        }
        for (index, pair) in shown.enumerated() { #expect(pair.screen == pair.expected, "render \(index)") }
    }
}

/// The matches list's previews are Foundation's (line feeds as spaces), found without it when there is none.
@Suite struct MatchesListPreviewTests {
    @Test func previews_showLineFeedsAsSpaces_asFoundationWould() {
        let t0 = Date(timeIntervalSince1970: 1_000)
        let texts = [
            "hi", "two\nlines", "crlf\r\nline", "\n", "", String(repeating: "long ", count: 12),
            "é\u{301}\nx",
            String(repeating: "a", count: 39) + "\nb",
        ]
        var state = ChatListState()
        state.conversations = TreeList(
            texts.enumerated().map { index, text in
                ConversationSummary(
                    match: Match(id: "m\(index)", user: UserID("u\(index)"), displayName: "U", matchedAt: t0),
                    lastMessage: Message(
                        id: "x\(index)", conversation: "m\(index)", sender: "u", text: text, sentAt: t0),
                    unreadCount: 0)
            })
        var elements: [ScreenElement] = []
        ChatScreens.appendMatchesList(state, to: &elements)
        guard case .list(let list) = elements.first else {
            Issue.record("no list")
            return
        }
        for (item, text) in zip(list.items, texts) {
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            #expect(item.detail == shown.replacingOccurrences(of: "\n", with: " "))
        }
    }
}

/// The conversation screen of `state` built afresh: every row from its message, the retry action
/// looked for in every message (the reference the kept screens are compared with).
func conversationScreenAfresh(_ state: ConversationState, me: UserID) -> Screen {
    let rows = state.messages.map { ChatScreens.row($0, me: me, name: state.match.displayName) }
    let showsRetry = state.messages.contains { $0.status == .failed && $0.sender == me }
    return ChatScreens.conversation(state, rows: rows, showsRetry: showsRetry)
}
