import Foundation
import Models
import Testing

/// The conversation state's and the message's one-call shortcuts give the answers of the accessors
/// they stand for.
@Suite struct ConversationStateEditTests {
    let t0 = Date(timeIntervalSince1970: 1_000)

    func message(_ id: String, sender: UserID = "bob") -> Message {
        Message(id: id, conversation: "m", sender: sender, text: "text of \(id)", sentAt: t0)
    }

    /// States to edit: fresh, with messages and changes, typing, with a problem, and one whose
    /// storage is shared with a copy kept aside (the copy must not change).
    func states() -> [ConversationState] {
        let match = Match(id: "m", user: "bob", displayName: "Bob", matchedAt: t0)
        var typing = ConversationState(match: match)
        typing.messages = [message("a"), message("b", sender: "al")]
        typing.changes = [.insert("a", at: 0), .insert("b", at: 1)]
        typing.revision = 3
        typing.otherIsTyping = true
        typing.hasOlderMessages = false
        var failed = typing
        failed.problem = .empty
        failed.draft = "draft"
        failed.otherIsTyping = false
        return [ConversationState(match: match), typing, failed]
    }

    @Test func show_matchesSettingEachField() {
        let edits: [([Message], [ListChange], Bool, Bool)] = [
            ([], [], true, false),
            ([message("a")], [.insert("a", at: 0)], false, true),
            ([message("a"), message("c")], [.remove("b", at: 1), .insert("c", at: 1)], true, true),
            ([message("a")], [], false, false),
        ]
        for state in states() {
            for (messages, changes, hasOlder, endsTyping) in edits {
                let kept = state
                var expected = state
                expected.changes = changes
                if !changes.isEmpty { expected.revision += 1 }
                expected.messages = messages
                expected.hasOlderMessages = hasOlder
                if endsTyping { expected.otherIsTyping = false }
                var shown = state
                shown.show(
                    messages, changes: changes, hasOlderMessages: hasOlder, endsOtherTyping: endsTyping)
                #expect(shown == expected)
                #expect(shown.revision == expected.revision)
                #expect(shown.otherIsTyping == expected.otherIsTyping)
                #expect(kept == state, "a copy taken before is left as it was")
            }
        }
    }

    @Test func editDraft_matchesSettingDraftAndProblem() {
        for state in states() {
            for draft in ["", "hello", "a much longer draft than fits in a small string"] {
                let kept = state
                var expected = state
                expected.draft = draft
                expected.problem = nil
                var edited = state
                edited.edit(draft: draft)
                #expect(edited == expected)
                #expect(edited.draft == draft && edited.problem == nil)
                #expect(kept == state, "a copy taken before is left as it was")
            }
        }
    }

    /// Changes made with a spare box, as a context makes them one after another on its store's
    /// snapshots, give the states made without one, and never change a state something else holds.
    @Test func showAndEdit_withASpareBox_matchTheChangesWithout() {
        let edits: [([Message], [ListChange])] = [
            ([message("a")], [.insert("a", at: 0)]),
            ([message("a"), message("c")], [.insert("c", at: 1)]),
            ([message("a"), message("d")], [.remove("c", at: 1), .insert("d", at: 1)]),
        ]
        for start in states() {
            var spare = ConversationState.SpareStorage()
            var withSpare = start
            var without = start
            // Every snapshot taken along the way, as observers could keep them, with what it was.
            var snapshots: [(ConversationState, ConversationState)] = []
            for round in 0..<4 {
                for (index, (messages, changes)) in edits.enumerated() {
                    // A shared state, as a store's pending copy of its snapshot is.
                    let shown = withSpare
                    if index == 1 { snapshots.append((shown, Self.rebuilt(from: shown))) }
                    spare.letGoOfContents()
                    withSpare.show(
                        messages, changes: changes, hasOlderMessages: round.isMultiple(of: 2),
                        endsOtherTyping: index == 2, spare: &spare)
                    without.show(
                        messages, changes: changes, hasOlderMessages: round.isMultiple(of: 2),
                        endsOtherTyping: index == 2)
                    #expect(withSpare == without)
                    let edited = withSpare
                    withSpare.edit(draft: "draft \(round) \(index)", spare: &spare)
                    without.edit(draft: "draft \(round) \(index)")
                    #expect(withSpare == without)
                    #expect(edited != withSpare)
                }
            }
            for (kept, original) in snapshots {
                #expect(kept == original, "a kept snapshot is left as it was")
            }
        }
    }

    /// `state` built afresh, every field set from its value: nothing shares storage with `state`.
    static func rebuilt(from state: ConversationState) -> ConversationState {
        var rebuilt = ConversationState(match: state.match)
        rebuilt.messages = state.messages
        rebuilt.changes = state.changes
        rebuilt.revision = state.revision
        rebuilt.hasOlderMessages = state.hasOlderMessages
        rebuilt.isLoadingHistory = state.isLoadingHistory
        rebuilt.otherIsTyping = state.otherIsTyping
        rebuilt.problem = state.problem
        rebuilt.failure = state.failure
        rebuilt.isUnmatched = state.isUnmatched
        rebuilt.draft = state.draft
        return rebuilt
    }

    @Test func equalStates_withTheirMatchesInBoxesOfTheirOwn_areEqualAndHashAlike() {
        for state in states() {
            let rebuilt = Self.rebuilt(from: state)
            #expect(rebuilt == state && rebuilt.hashValue == state.hashValue)
            var renamed = rebuilt
            renamed.match.displayName = "Robert"
            #expect(renamed != state && renamed.matchName == "Robert" && rebuilt.matchName == "Bob")
        }
    }

    @Test func hasID_matchesComparingTheID() {
        let ids = ["", "a", "msg-000000001", "msg-000000002", "a long id that is not a small string at all"]
        for id in ids {
            let message = message(id)
            for other in ids {
                #expect(message.hasID(other) == (message.id == other), "\(id) vs \(other)")
            }
        }
    }

    @Test func everySetter_changesItsCopyAlone_asAPlainStructWould() {
        let edits: [(inout ConversationState) -> Void] = [
            { $0.match.displayName = "Rob" }, { $0.messages = [self.message("z")] },
            { $0.messages[0].status = .read }, { $0.changes = [.insert("z", at: 0)] },
            { $0.revision += 1 }, { $0.hasOlderMessages.toggle() }, { $0.isLoadingHistory.toggle() },
            { $0.otherIsTyping.toggle() }, { $0.problem = .unmatched }, { $0.failure = .offline },
            { $0.isUnmatched.toggle() }, { $0.draft += "!" },
        ]
        for state in states() where !state.messages.isEmpty {
            for edit in edits {
                let kept = state
                var edited = state
                edit(&edited)
                // The snapshot sharing its storage is as it was, field by field and as a whole.
                #expect(kept == state && "\(kept)" == "\(state)")
                #expect(edited != state)
                // Setting every field read from the edited copy on a fresh state rebuilds it.
                let rebuilt = Self.rebuilt(from: edited)
                #expect(rebuilt == edited && rebuilt.hashValue == edited.hashValue)
            }
        }
    }

    @Test func aStateDescribesItsFields() {
        let state = states()[2]
        let description = "\(state)"
        #expect(description.contains("draft: \"draft\"") && description.contains("Bob"), "\(description)")
    }
}
