import Foundation
import Models
import Testing

@testable import MatrixBackend

/// The Matrix backend's pure parts: error mapping, defensive reading, the listing, the swipe record.
struct MatrixMappingTests {
    private func body(_ json: String) -> Data { Data(json.utf8) }

    @Test func errorCodes_mapToTheEnginesErrors() {
        #expect(
            MatrixErrorMapper.map(
                status: 403, body: body(#"{"errcode":"M_FORBIDDEN","error":"Invalid password"}"#),
                purpose: .login) == .invalidCredentials)
        #expect(
            MatrixErrorMapper.map(status: 403, body: body(#"{"errcode":"M_FORBIDDEN","error":"No"}"#))
                == .rejected("M_FORBIDDEN: No"))
        #expect(
            MatrixErrorMapper.map(status: 400, body: body(#"{"errcode":"M_USER_IN_USE","error":"taken"}"#))
                == .accountExists)
        #expect(
            MatrixErrorMapper.map(
                status: 429, body: body(#"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":9900}"#))
                == .rateLimited(retryAfterSeconds: 10))
        #expect(
            MatrixErrorMapper.map(status: 429, body: body(#"{"errcode":"M_LIMIT_EXCEEDED"}"#))
                == .rateLimited(retryAfterSeconds: 1))
        #expect(
            MatrixErrorMapper.map(
                status: 401, body: body(#"{"errcode":"M_UNKNOWN_TOKEN","soft_logout":true}"#))
                == .tokenExpired)
        #expect(
            MatrixErrorMapper.map(
                status: 401, body: body(#"{"errcode":"M_UNKNOWN_TOKEN","soft_logout":false}"#))
                == .tokenRevoked)
        #expect(
            MatrixErrorMapper.map(status: 401, body: body(#"{"errcode":"M_UNKNOWN_TOKEN"}"#)) == .tokenRevoked
        )
        #expect(
            MatrixErrorMapper.map(status: 401, body: body(#"{"errcode":"M_MISSING_TOKEN"}"#)) == .tokenRevoked
        )
        #expect(MatrixErrorMapper.map(status: 404, body: body(#"{"errcode":"M_NOT_FOUND"}"#)) == .notFound)
        #expect(
            MatrixErrorMapper.map(status: 502, body: body("<html>bad gateway</html>"))
                == .server("HTTP 502: HTTP 502"))
        #expect(MatrixErrorMapper.map(status: 400, body: body("not json")) == .rejected("HTTP 400"))
    }

    @Test func jsonThatIsNot_isAMalformedResponse_neverACrash() {
        #expect(throws: ServiceError.malformedResponse("the body is not JSON (4 bytes)")) {
            try JSONValue.parse(Data("}{!x".utf8))
        }
        let document: JSONValue = ["user_id": 5, "list": "x"]
        #expect(throws: ServiceError.malformedResponse("login: no string user_id")) {
            try document.string("user_id", in: "login")
        }
        #expect(throws: ServiceError.malformedResponse("sync: list is not a list")) {
            try document.array("list", in: "sync")
        }
        #expect((try? document.array("absent", in: "sync")) == [])
    }

    @Test func theListing_readsMatchesLikesSentAndInvites_andRefusesWrongShapes() throws {
        let me = "@a:localhost"
        let sync: JSONValue = [
            "rooms": [
                "join": [
                    "!pool": [
                        "state": [
                            "events": [
                                [
                                    "type": "com.discover.profile", "state_key": "@b:localhost",
                                    "sender": "@b:localhost", "content": ["display_name": "Bea"],
                                ]
                            ]
                        ]
                    ],
                    "!match": [
                        "state": [
                            "events": [
                                member(me, "join", 1000), member("@b:localhost", "join", 2000, name: "t1.b"),
                            ]
                        ],
                        "timeline": [
                            "events": [
                                [
                                    "type": "m.room.message", "event_id": "$1", "sender": "@b:localhost",
                                    "origin_server_ts": 3000,
                                    "content": ["body": "hi", "com.discover.txn": "t-1"],
                                ]
                            ]
                        ],
                        "unread_notifications": ["notification_count": 1],
                    ],
                    "!left": [
                        "state": [
                            "events": [member(me, "join", 1000), member("@c:localhost", "join", 2000)]
                        ],
                        "timeline": ["events": [member("@c:localhost", "leave", 4000)]],
                    ],
                    "!pending": [
                        "state": [
                            "events": [member(me, "join", 1000), member("@d:localhost", "invite", 1500)]
                        ]
                    ],
                ],
                "invite": [
                    "!from-e": [
                        "invite_state": [
                            "events": [
                                [
                                    "type": "m.room.member", "state_key": .string(me),
                                    "sender": "@e:localhost",
                                    "content": ["membership": "invite", "reason": "com.discover.super_like"],
                                ]
                            ]
                        ]
                    ]
                ],
            ]
        ]
        let listing = try MatrixRoomListing(
            sync: sync, user: me, poolRoom: "!pool",
            configuration: MatrixConfiguration(homeserver: URL(fileURLWithPath: "/")))
        #expect(listing.conversations.map(\.roomID) == ["!match"])
        let match = try #require(listing.conversations.first)
        #expect(match.match.id == Match.id(between: UserID(me), and: "@b:localhost"))
        #expect(match.match.displayName == "Bea")
        #expect(match.match.matchedAt == Date(timeIntervalSince1970: 2))
        #expect(match.lastMessage?.id == "$1", "the event id: the content's transaction field is anyone's")
        #expect(match.lastMessage?.transactionID == nil)
        #expect(match.unreadCount == 1)
        #expect(listing.likesSent == ["@d:localhost": "!pending"])
        #expect(listing.invites.map(\.inviter) == ["@e:localhost"])
        #expect(listing.invites.first?.isSuperLike == true)

        let broken: JSONValue = ["rooms": ["join": ["!x": ["state": ["events": "nope"]]]]]
        #expect(throws: ServiceError.malformedResponse("sync state: events is not a list")) {
            try MatrixRoomListing(
                sync: broken, user: me, poolRoom: "!pool",
                configuration: MatrixConfiguration(homeserver: URL(fileURLWithPath: "/")))
        }
    }

    @Test func eventsThatAreNotTextMessages_areNotMessages() {
        let conversation = Match.id(between: "@a", and: "@b")
        #expect(
            MatrixMessages.message(from: ["type": "m.room.member"], conversation: conversation, viewer: "@a")
                == nil)
        #expect(
            MatrixMessages.message(
                from: ["type": "m.room.message", "event_id": "$1", "sender": "@b"],
                conversation: conversation, viewer: "@a") == nil)
        let own = MatrixMessages.message(
            from: [
                "type": "m.room.message", "event_id": "$1", "sender": "@a",
                "content": ["body": "yo", "com.discover.txn": "t9"], "unsigned": ["transaction_id": "t8"],
            ],
            conversation: conversation, viewer: "@a")
        #expect(own?.id == "$1")
        #expect(own?.transactionID == "t8", "the server's word to the sending device, not the content's")
        let plain = MatrixMessages.message(
            from: [
                "type": "m.room.message", "event_id": "$2", "sender": "@b",
                "content": ["body": "from another client"],
            ],
            conversation: conversation, viewer: "@a")
        #expect(plain?.id == "$2")
    }

    @Test func namespaces_mapUsernamesBothWays() {
        let configuration = MatrixConfiguration(homeserver: URL(fileURLWithPath: "/"), namespace: "t1")
        #expect(configuration.localpart(for: "Alice") == "t1.alice")
        #expect(configuration.username(for: "@t1.alice:localhost") == "alice")
        #expect(configuration.username(for: "@bob:localhost") == "bob")
        #expect(configuration.poolAliasName == "discover-pool-t1")
        #expect(MatrixConfiguration(homeserver: URL(fileURLWithPath: "/")).localpart(for: "alice") == "alice")
    }

    @Test func loginIdentifiers_areUsernamesInTheNamespace_fullIDs_orEmails() {
        let configuration = MatrixConfiguration(homeserver: URL(fileURLWithPath: "/"), namespace: "t1")
        #expect(
            MatrixAuthService.identifier("Alice", configuration: configuration)
                == ["type": "m.id.user", "user": "t1.alice"])
        #expect(
            MatrixAuthService.identifier("@bob:localhost", configuration: configuration)
                == ["type": "m.id.user", "user": "@bob:localhost"])
        #expect(
            MatrixAuthService.identifier("Alice@Example.com", configuration: configuration)
                == ["type": "m.id.thirdparty", "medium": "email", "address": "alice@example.com"])
    }

    @Test func theOtherPerson_ofAConversationID_isFoundFromTheViewer() {
        let conversation = Match.id(between: "@a-b.c:localhost", and: "@z-y:localhost")
        #expect(Match.other(in: conversation, than: "@a-b.c:localhost") == "@z-y:localhost")
        #expect(Match.other(in: conversation, than: "@z-y:localhost") == "@a-b.c:localhost")
        #expect(Match.other(in: conversation, than: "@q:localhost") == nil)
        #expect(Match.other(in: "room-1", than: "@q:localhost") == nil)
    }

    private func member(_ user: String, _ membership: String, _ milliseconds: Int, name: String? = nil)
        -> JSONValue
    {
        var content: [String: JSONValue] = ["membership": .string(membership)]
        if let name { content["displayname"] = .string(name) }
        return [
            "type": "m.room.member", "state_key": .string(user), "sender": .string(user),
            "origin_server_ts": .number(Double(milliseconds)), "content": .object(content),
        ]
    }
}
