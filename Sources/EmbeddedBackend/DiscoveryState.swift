import Foundation
import Models

/// The embedded server's swipe records: who swiped whom, who liked whom, matches, daily usage.
struct DiscoveryState {
    struct ProcessedSwipe {
        let viewer: UserID
        let swipe: Swipe
        let outcome: SwipeOutcome
    }

    struct Usage {
        var dayStart: Date
        var likes = 0
        var superLikes = 0
    }

    /// What one viewer did: their swipes and today's allowance use, in one record so a swipe looks the
    /// viewer up once. A record with no swipes reads the same as no record.
    struct Viewer {
        /// candidate → action.
        private(set) var swipes: [UserID: SwipeAction] = [:]
        /// The pool indices of the swiped ids that are generated people's ids, ascending: a page of the
        /// generated pool asks "swiped?" of each person it looks at without making and hashing an id.
        private(set) var swipedPoolIndices: [Int] = []
        /// Today's likes and super likes, if any swipe was counted.
        var usage: Usage?

        /// How many swipes a viewer's table has room for when their first swipe is recorded.
        static let initialCapacity = 32

        /// Records (or, with `nil`, forgets) what the viewer did to `candidate`, whose pool index is
        /// `poolIndex` when its id is a generated person's.
        mutating func set(_ action: SwipeAction?, on candidate: UserID, poolIndex: Int?) {
            // Room for a session's worth of swipes at once: growing one slot at a time would hash every
            // swipe recorded so far again at each doubling.
            if swipes.isEmpty, action != nil { swipes.reserveCapacity(Self.initialCapacity) }
            swipes[candidate] = action
            guard let poolIndex else { return }
            let position = Self.position(of: poolIndex, in: swipedPoolIndices)
            let present = position < swipedPoolIndices.count && swipedPoolIndices[position] == poolIndex
            if action == nil, present {
                swipedPoolIndices.remove(at: position)
            } else if action != nil, !present {
                swipedPoolIndices.insert(poolIndex, at: position)
            }
        }

        /// Whether the viewer swiped generated person `poolIndex` (the same as looking up its id in
        /// ``swipes``).
        func hasSwiped(poolIndex: Int) -> Bool {
            let position = Self.position(of: poolIndex, in: swipedPoolIndices)
            return position < swipedPoolIndices.count && swipedPoolIndices[position] == poolIndex
        }

        /// The first position in `sorted` whose value is not below `value` (binary search); swipes
        /// mostly come in pool order, so the last element is checked first.
        private static func position(of value: Int, in sorted: [Int]) -> Int {
            guard let last = sorted.last, value <= last else { return sorted.count }
            var low = 0
            var high = sorted.count - 1
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < value { low = middle + 1 } else { high = middle }
            }
            return low
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
    /// How many applied swipes ``processed`` has room for when the first is recorded.
    static let processedInitialCapacity = 64
    /// match id → the pair and when.
    var matches = MatchTable()
    /// How many pool positions page requests have looked at, in all.
    var positionsScanned = 0
}
