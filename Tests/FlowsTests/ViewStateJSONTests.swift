import Foundation
import GenericScreens
import Models
import Testing

/// The view state's JSON form, version 1: every element's shape, a round trip, and hostile input
/// refused with a typed error.
@Suite struct ViewStateJSONTests {
    private let t0 = Date(timeIntervalSince1970: 1_768_467_600)

    private func json(_ value: some Encodable) throws -> String {
        String(decoding: try ViewState.encoder().encode(value), as: UTF8.self)
    }

    private var everyElement: [ScreenElement] {
        [
            .text("Hello"), .notice("Session expired"), .error("Wrong password"),
            .field(ScreenField(id: FieldID.LogIn.password, label: "Password", value: "x", isSecure: true)),
            .action(ScreenAction(id: ActionID.Deck.like, label: "Like", style: .primary)),
            .tabs([ScreenAction(id: ActionID.Home.deckTab, label: "Deck", isSelected: true)]),
            .options(
                label: "Interests",
                [ScreenAction(id: ActionID.ProfileSetup.interest("Hiking"), label: "Hiking")]),
            .list(
                ScreenList(
                    id: "messages",
                    items: [
                        ScreenList.Item(id: "p", title: "Plain", detail: "row"),
                        ScreenList.Item(
                            id: "c1",
                            row: .match(
                                MatchRow(
                                    matchID: "c1", name: "Bob", preview: "Hi", unreadCount: 2,
                                    lastActivity: t0,
                                    isNew: false)), action: ActionID.Matches.open("c1")),
                        ScreenList.Item(
                            id: "m1",
                            row: .message(
                                MessageRow(
                                    id: "m1", sender: "alice", senderName: "You", isMine: true, text: "Hey",
                                    isAction: false, sentAt: t0, isEdited: true,
                                    delivery: .failed(reason: "Blocked", canRetry: false)))),
                    ],
                    changes: [
                        .insert("m1", at: 2), .move("p", from: 0, to: 1), .remove("x", at: 0),
                        .update("c1", at: 1),
                    ],
                    revision: 3)),
            .card(
                CandidateCard(
                    id: "carol", name: "Carol", age: 27, distanceKm: 10, bio: "Choir", interests: ["Music"],
                    sharedInterests: ["Music"], likedYou: true, superLikedYou: false,
                    next: CandidateCard.Peek(id: "dave", name: "Dave"))),
            .countdown(Countdown(kind: .likesReset, secondsLeft: 3_600)),
            .typing(Typing(name: "Bob")),
            .likesLeft(LikesLeft(likes: 9, superLikes: 1)),
        ]
    }

    @Test func everyElement_roundTripsThroughTheJSONForm() throws {
        let view = ViewState(
            stack: [Screen(id: .home, title: "Discover", elements: everyElement)],
            modals: [
                Screen(id: .match, title: "It's a match!", elements: [.text("You and Bob like each other.")])
            ],
            alert: ScreenAlert(
                title: "Log out?", message: "Sure?",
                actions: [ScreenAction(id: ActionID.Home.cancelLogOut, label: "Cancel")]))
        let data = try ViewState.encoder().encode(view)
        #expect(try ViewState.decoder().decode(ViewState.self, from: data) == view)
        #expect(view.top?.id == .match)
    }

    @Test func theElements_haveTheDocumentedShapes() throws {
        #expect(try json(ScreenElement.text("Hi")) == #"{"text":"Hi","type":"text"}"#)
        #expect(
            try json(ScreenElement.notice("Hi")) == #"{"banner":{"kind":"info","text":"Hi"},"type":"banner"}"#
        )
        #expect(
            try json(ScreenElement.error("No")) == #"{"banner":{"kind":"error","text":"No"},"type":"banner"}"#
        )
        #expect(
            try json(
                ScreenElement.action(ScreenAction(id: ActionID.Deck.like, label: "Like", style: .primary)))
                == #"{"action":{"id":"deck:like","isEnabled":true,"label":"Like","style":"primary"},"type":"action"}"#
        )
        #expect(
            try json(ScreenElement.countdown(Countdown(kind: .likesReset, secondsLeft: 5)))
                == #"{"countdown":{"kind":"likesReset","secondsLeft":5},"type":"countdown"}"#)
        #expect(
            try json(ScreenElement.typing(Typing(name: "Bob")))
                == #"{"type":"typing","typing":{"name":"Bob"}}"#)
        #expect(
            try json(MessageRow.Delivery.failed(reason: nil, canRetry: true))
                == #"{"canRetry":true,"reason":null,"type":"failed"}"#)
        #expect(try json(MessageRow.Delivery.read) == #"{"type":"read"}"#)
        #expect(
            try json(ListChange.move("a", from: 1, to: 0)) == #"{"from":1,"id":"a","to":0,"type":"move"}"#)
        #expect(try json(ViewState()) == #"{"modals":[],"stack":[],"version":1}"#)
    }

    @Test func aMessagesTime_isAnISO8601String() throws {
        let row = MessageRow(
            id: "m", sender: "bob", senderName: "Bob", isMine: false, text: "hi", isAction: false, sentAt: t0,
            isEdited: false, delivery: nil)
        #expect(try json(row).contains(#""sentAt":"2026-01-15T09:00:00Z""#))
    }

    @Test func intents_readTheirJSONForm() throws {
        let decoder = ViewState.decoder()
        #expect(
            try decoder.decode(Intent.self, from: Data(#"{"type":"tap","action":"deck:like"}"#.utf8))
                == .tap(ActionID.Deck.like))
        #expect(
            try decoder.decode(
                Intent.self, from: Data(#"{"type":"edit","field":"message","value":"Hi"}"#.utf8))
                == .edit(FieldID.Chat.message, "Hi"))
        #expect(try json(Intent.tap(ActionID.Chat.send)) == #"{"action":"chat:send","type":"tap"}"#)
    }

    @Test func unknownOrMalformedJSON_isADecodingError_notACrash() {
        let decoder = ViewState.decoder()
        let hostile = [
            #"{"type":"explode"}"#, #"{"type":"tap"}"#, #"{"type":"edit","field":"x"}"#, #"[]"#, #"null"#,
            #"{"type":"tap","action":5}"#, "", "{",
        ]
        for text in hostile {
            #expect(throws: DecodingError.self) { try decoder.decode(Intent.self, from: Data(text.utf8)) }
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(
                ScreenElement.self, from: Data(#"{"type":"banner","banner":{"kind":"x","text":""}}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(ScreenRow.self, from: Data(#"{"type":"other"}"#.utf8))
        }
    }
}
