import Foundation
import Models
import Testing

@testable import MatrixBackend

/// The pure rules behind likes, blocks, the swipe record, gappy syncs and resends.
struct MatrixMembershipRulesTests {
    private let me = "@ns.alice:localhost"
    private let configuration = MatrixConfiguration(homeserver: URL(fileURLWithPath: "/"))

    private func swipe(_ candidate: String, _ action: String, at milliseconds: Double) -> JSONValue {
        ["candidate": .string(candidate), "action": .string(action), "at_ms": .number(milliseconds)]
    }

    @Test func swipesWrittenByTwoDevices_atTheSameMoment_areBothInTheRecord() {
        // Each device writes only its own swipe's event: nothing one writes can drop the other's.
        let record = MatrixSwipeRecord.read(accountData: [
            ["type": "com.discover.swipe.phone-1", "content": swipe("@b:hs", "pass", at: 1000)],
            ["type": "com.discover.swipe.tablet-1", "content": swipe("@c:hs", "like", at: 1000)],
        ])
        #expect(Set(record.entries.keys) == ["phone-1", "tablet-1"])
        #expect(record.swipedCandidates == ["@b:hs", "@c:hs"])
    }

    @Test func theOldSingleDocument_isStillRead_andAPerSwipeEventWinsOverIt() {
        let record = MatrixSwipeRecord.read(accountData: [
            [
                "type": "com.discover.swipes",
                "content": [
                    "swipes": [
                        "old-1": swipe("@b:hs", "pass", at: 1), "old-2": swipe("@c:hs", "pass", at: 2),
                    ]
                ],
            ],
            // A rewind on a newer device: an empty event removes the swipe.
            ["type": "com.discover.swipe.old-1", "content": [:]],
            ["type": "com.discover.swipe.new-1", "content": swipe("@d:hs", "superLike", at: 3)],
            [
                "type": "com.discover.swipe.bad",
                "content": ["candidate": "@e:hs", "action": "wink", "at_ms": 1],
            ],
        ])
        #expect(Set(record.entries.keys) == ["old-2", "new-1"])
        #expect(record.entries["new-1"]?.action == .superLike)
    }

    @Test func aSwipeEntry_readsBackAsWritten() {
        let entry = MatrixSwipeRecord.Entry(
            candidate: "@b:hs", action: .like, at: Date(timeIntervalSince1970: 12), matched: true, room: "!r",
            name: "Bea", matchedAt: Date(timeIntervalSince1970: 13))
        let record = MatrixSwipeRecord.read(accountData: [
            [
                "type": .string(MatrixSwipeRecord.type(of: "s-1")),
                "content": MatrixSwipeRecord.content(of: entry),
            ]
        ])
        #expect(record.entries["s-1"] == entry)
    }

    @Test func crossedLikes_areJoinedByTheSmallerID_only() throws {
        #expect(MatrixCrossedLikes.joins("@ns.alice:localhost", crossing: "@ns.bob:localhost"))
        #expect(!MatrixCrossedLikes.joins("@ns.bob:localhost", crossing: "@ns.alice:localhost"))
        let sync: JSONValue = [
            "rooms": [
                "join": [
                    "!mine": [
                        "state": [
                            "events": [
                                [
                                    "type": "m.room.member", "state_key": .string(me),
                                    "content": ["membership": "join"],
                                ],
                                [
                                    "type": "m.room.member", "state_key": "@ns.bob:localhost",
                                    "content": ["membership": "invite"],
                                ],
                            ]
                        ]
                    ]
                ],
                "invite": [
                    "!theirs": [
                        "invite_state": [
                            "events": [
                                [
                                    "type": "m.room.member", "state_key": .string(me),
                                    "sender": "@ns.bob:localhost",
                                    "content": ["membership": "invite"],
                                ]
                            ]
                        ]
                    ]
                ],
            ]
        ]
        let listing = try MatrixRoomListing(
            sync: sync, user: me, poolRoom: "!pool", configuration: configuration)
        #expect(
            MatrixCrossedLikes.toResolve(in: listing, user: me)
                == [MatrixCrossedLikes(other: "@ns.bob:localhost", theirRoom: "!theirs", ourRoom: "!mine")])
        // Seen from Bob's side the same two invites are Alice's to resolve: Bob waits.
        let bobsListing = try MatrixRoomListing(
            sync: sync, user: "@ns.zed:localhost", poolRoom: "!pool", configuration: configuration)
        #expect(MatrixCrossedLikes.toResolve(in: bobsListing, user: "@ns.zed:localhost").isEmpty)
    }

    private func member(_ user: String, _ membership: String, sender: String? = nil, reason: String? = nil)
        -> JSONValue
    {
        var content: [String: JSONValue] = ["membership": .string(membership)]
        if let reason { content["reason"] = .string(reason) }
        return [
            "type": "m.room.member", "state_key": .string(user), "sender": .string(sender ?? user),
            "content": .object(content),
        ]
    }

    @Test func aLeaveWithTheBlockReason_isABlock_butAKickAPlainLeaveOrThePoolIsNot() {
        let sync: JSONValue = [
            "rooms": [
                "join": [
                    "!blocked": [
                        "timeline": ["events": [member("@b:hs", "leave", reason: "com.discover.block")]]
                    ],
                    "!left": ["timeline": ["events": [member("@c:hs", "leave")]]],
                    "!kicked": [
                        "timeline": [
                            "events": [
                                member("@d:hs", "leave", sender: "@x:hs", reason: "com.discover.block")
                            ]
                        ]
                    ],
                    "!pool": [
                        "timeline": ["events": [member("@f:hs", "leave", reason: "com.discover.block")]]
                    ],
                    "!back": [
                        "state": ["events": [member("@e:hs", "leave", reason: "com.discover.block")]],
                        "timeline": ["events": [member("@e:hs", "join")]],
                    ],
                ]
            ]
        ]
        #expect(MatrixBlocks.blockers(in: sync, user: me, pool: "!pool") == ["@b:hs": "!blocked"])
    }

    @Test func aLimitedTimeline_isAGap_filledOldestFirst_eachEventOnce() {
        let sync: JSONValue = [
            "rooms": [
                "join": [
                    "!gappy": ["timeline": ["limited": true, "prev_batch": "p1", "events": []]],
                    "!whole": ["timeline": ["limited": false, "prev_batch": "p2", "events": []]],
                    "!nobatch": ["timeline": ["limited": true, "events": []]],
                ]
            ]
        ]
        #expect(MatrixTimelineGap.gaps(in: sync).map(\.room) == ["!gappy"])
        let merged = MatrixTimelineGap.merged(
            missing: [["event_id": "$1"], ["event_id": "$2"], ["event_id": "$3"]],
            before: [["event_id": "$3"], ["event_id": "$4"]])
        #expect(merged.compactMap { $0["event_id"]?.stringValue } == ["$1", "$2", "$3", "$4"])
    }

    @Test func aMessageMadeBeforeTheTokenWasMet_isLookedFor_beforeItIsSentAgain() {
        let seen = Date(timeIntervalSince1970: 1000)
        #expect(
            MatrixChatService.mayHaveBeenSentElsewhere(
                createdAt: Date(timeIntervalSince1970: 999), tokenFirstSeen: seen))
        #expect(
            !MatrixChatService.mayHaveBeenSentElsewhere(
                createdAt: Date(timeIntervalSince1970: 1000), tokenFirstSeen: seen))
        #expect(MatrixChatService.mayHaveBeenSentElsewhere(createdAt: seen, tokenFirstSeen: nil))
        let chunk: [JSONValue] = [
            [
                "type": "m.room.message", "sender": "@eve:hs",
                "content": ["com.discover.txn": "t-1", "body": "fake"],
            ],
            [
                "type": "m.room.message", "sender": .string(me),
                "content": ["com.discover.txn": "t-1", "body": "real"],
            ],
        ]
        let found = MatrixChatService.event(carrying: "t-1", from: me, in: chunk)
        #expect(found?["content"]?["body"]?.stringValue == "real", "only the user's own event counts")
        #expect(MatrixChatService.event(carrying: "t-2", from: me, in: chunk) == nil)
    }
}
