import Foundation
import Models

/// The embedded server's swipe records: who swiped whom, who liked whom, matches, daily usage.
struct DiscoveryState: Codable, Equatable {
    /// An applied swipe as its id's resend or undo needs it.
    struct ProcessedSwipe: Codable, Equatable {
        let viewer: UserID
        let candidate: UserID
        let action: SwipeAction
        let outcome: SwipeOutcome
    }

    /// The likes and super likes counted for one day.
    struct Usage: Codable, Equatable {
        var likes = 0
        var superLikes = 0
    }

    /// What one viewer did: their swipes and today's allowance use. A record with no swipes reads the
    /// same as no record.
    ///
    /// Swipes on generated people (an id that is a pool index, see ``CandidateGenerator/index(of:)``)
    /// are kept as two bits per pool index, so a page of the generated pool asks "swiped?" of each
    /// person it looks at by index. Swipes on anyone else are kept by id.
    struct Viewer: Codable, Equatable {
        /// candidate (not a generated person) → action.
        private var otherSwipes: [UserID: SwipeAction] = [:]
        /// Swipes on generated people: pool index `i` in bits `2 * (i % 32)` and up of word `i / 32`,
        /// 0 for none (see ``code(of:)``); as many words as the highest index swiped needs.
        private var poolSwipes: [UInt64] = []
        /// How many generated people ``poolSwipes`` holds a swipe on.
        private var poolSwipeCount = 0
        /// The likes and super likes counted, by the start of the (UTC) day they were made.
        var usage: [Date: Usage] = [:]

        /// How many swipes the viewer has recorded.
        var count: Int { otherSwipes.count + poolSwipeCount }

        /// What the viewer did to `candidate`, whose pool index is `poolIndex` when its id is a
        /// generated person's.
        func action(on candidate: UserID, poolIndex: Int?) -> SwipeAction? {
            guard let poolIndex else { return otherSwipes[candidate] }
            return Self.action(coded: bits(of: poolIndex))
        }

        /// Whether the viewer swiped generated person `poolIndex`.
        func hasSwiped(poolIndex: Int) -> Bool { bits(of: poolIndex) != 0 }

        /// Records (or, with `nil`, forgets) what the viewer did to `candidate`, whose pool index is
        /// `poolIndex` when its id is a generated person's.
        mutating func set(_ action: SwipeAction?, on candidate: UserID, poolIndex: Int?) {
            guard let poolIndex else {
                otherSwipes[candidate] = action
                return
            }
            let word = poolIndex >> 5
            let shift = UInt64(poolIndex & 31) << 1
            if word >= poolSwipes.count {
                guard action != nil else { return }
                poolSwipes.append(contentsOf: repeatElement(0, count: word + 1 - poolSwipes.count))
            }
            let old = (poolSwipes[word] >> shift) & 3
            let new = Self.code(of: action)
            poolSwipes[word] = poolSwipes[word] & ~(3 << shift) | new << shift
            if (old == 0) != (new == 0) { poolSwipeCount += new == 0 ? -1 : 1 }
        }

        /// The two bits of generated person `poolIndex` (0: no swipe).
        private func bits(of poolIndex: Int) -> UInt64 {
            let word = poolIndex >> 5
            guard word < poolSwipes.count else { return 0 }
            return (poolSwipes[word] >> (UInt64(poolIndex & 31) << 1)) & 3
        }

        /// An action's two bits: 0 for none.
        private static func code(of action: SwipeAction?) -> UInt64 {
            switch action {
            case nil: 0
            case .pass: 1
            case .like: 2
            case .superLike: 3
            }
        }

        /// The action two bits stand for (``code(of:)``'s inverse).
        private static func action(coded bits: UInt64) -> SwipeAction? {
            switch bits {
            case 1: .pass
            case 2: .like
            case 3: .superLike
            default: nil
            }
        }
    }

    /// viewer → what they did.
    var viewers: [UserID: Viewer] = [:]
    /// liked → liker → whether it was a super like.
    var likesReceived: [UserID: [UserID: Bool]] = [:]
    /// Whether any liker in ``likesReceived`` may have a generated person's id (a knob's like from a
    /// generated person, or an account whose id reads like one): until then a page of the generated pool
    /// need not look its people up among the viewer's likers. Never reset (only ever conservative).
    var poolIdsMayLike = false
    /// Every swipe id applied, with its outcome, so a resend gets the same answer.
    var processed: [String: ProcessedSwipe] = [:]
    /// match id → the pair and when.
    var matches: [String: MatchPair] = [:]
    /// How many pool positions page requests have looked at, in all.
    var positionsScanned = 0
}
