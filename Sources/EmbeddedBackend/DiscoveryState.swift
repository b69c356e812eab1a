import Foundation
import Models

/// The embedded server's swipe records: who swiped whom, who liked whom, matches, daily usage.
struct DiscoveryState {
    /// An applied swipe as its id's resend or undo needs it (not the whole swipe: the table copies it in).
    struct ProcessedSwipe {
        let viewer: UserID
        let candidate: UserID
        let action: SwipeAction
        let outcome: SwipeOutcome
    }

    struct Usage {
        var dayStart: Date
        var likes = 0
        var superLikes = 0
    }

    /// What one viewer did: their swipes and today's allowance use, in one record so a swipe looks the
    /// viewer up once. A record with no swipes reads the same as no record.
    ///
    /// Swipes on generated people (an id that is a pool index, see ``CandidateGenerator/index(of:)``)
    /// are kept by pool index in ascending order, found by binary search: a swipe records one without
    /// hashing its id, and a page of the generated pool asks "swiped?" of each person it looks at
    /// without making an id. Swipes on anyone else are kept by id.
    struct Viewer {
        /// candidate (not a generated person) → action.
        private var otherSwipes: [UserID: SwipeAction] = [:]
        /// Swipes on generated people, ascending by pool index; no index appears twice.
        private var poolSwipes: [(index: Int, action: SwipeAction)] = []
        /// Today's likes and super likes, if any swipe was counted.
        var usage: Usage?

        /// How many swipes on generated people a viewer's record has room for at their first.
        static let initialCapacity = 32

        /// How many swipes the viewer has recorded.
        var count: Int { otherSwipes.count + poolSwipes.count }

        /// What the viewer did to `candidate`, whose pool index is `poolIndex` when its id is a
        /// generated person's.
        func action(on candidate: UserID, poolIndex: Int?) -> SwipeAction? {
            guard let poolIndex else { return otherSwipes[candidate] }
            let position = position(of: poolIndex)
            return position < poolSwipes.count && poolSwipes[position].index == poolIndex
                ? poolSwipes[position].action : nil
        }

        /// Whether the viewer swiped generated person `poolIndex`.
        func hasSwiped(poolIndex: Int) -> Bool {
            let position = position(of: poolIndex)
            return position < poolSwipes.count && poolSwipes[position].index == poolIndex
        }

        /// Records (or, with `nil`, forgets) what the viewer did to `candidate`, whose pool index is
        /// `poolIndex` when its id is a generated person's.
        mutating func set(_ action: SwipeAction?, on candidate: UserID, poolIndex: Int?) {
            guard let poolIndex else {
                otherSwipes[candidate] = action
                return
            }
            let position = position(of: poolIndex)
            let present = position < poolSwipes.count && poolSwipes[position].index == poolIndex
            switch (action, present) {
            case (let action?, true): poolSwipes[position].action = action
            case (let action?, false):
                // Room for a session's worth at once, rather than growing one doubling at a time.
                if poolSwipes.isEmpty { poolSwipes.reserveCapacity(Self.initialCapacity) }
                // Swipes mostly come in pool order: appended, without the general insertion.
                if position == poolSwipes.count {
                    poolSwipes.append((poolIndex, action))
                } else {
                    poolSwipes.insert((poolIndex, action), at: position)
                }
            case (nil, true): poolSwipes.remove(at: position)
            case (nil, false): break
            }
        }

        /// The first position in ``poolSwipes`` whose index is not below `index` (binary search);
        /// swipes mostly come in pool order, so the last one is checked first.
        private func position(of index: Int) -> Int {
            guard let last = poolSwipes.last, index <= last.index else { return poolSwipes.count }
            var low = 0
            var high = poolSwipes.count - 1
            while low < high {
                let middle = (low + high) / 2
                if poolSwipes[middle].index < index { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    /// viewer → what they did. Records are never removed (see ``position(ofViewer:)``).
    var viewers = TextTable<UserID, Viewer>()
    /// The viewer ``position(ofViewer:)`` found last, and where.
    private var lastViewer: (id: UserID, position: Int)?
    /// liked → liker → whether it was a super like.
    var likesReceived: [UserID: [UserID: Bool]] = [:]
    /// Whether any liker in ``likesReceived`` may have a generated person's id (a knob's like from a
    /// generated person, or an account whose id reads like one): until then a page of the generated pool
    /// need not look its people up among the viewer's likers. Never reset (only ever conservative).
    var poolIdsMayLike = false
    /// Every swipe id applied, with its outcome, so a resend gets the same answer.
    var processed = TextTable<String, ProcessedSwipe>()
    /// match id → the pair and when.
    var matches = MatchTable()
    /// How many pool positions page requests have looked at, in all.
    var positionsScanned = 0

    /// The position of `viewer`'s record in ``viewers``, added (with no swipes) if there is none.
    ///
    /// A client swipes again and again as one viewer: the last viewer's position is kept, and their
    /// id compared (the same string each time, from the access token's record, so equal at once)
    /// rather than hashed and looked up. Records are never removed, so a kept position stays right.
    mutating func position(ofViewer viewer: UserID) -> Int {
        if let lastViewer, lastViewer.id == viewer { return lastViewer.position }
        let position = viewers.position(of: viewer) { .init() }
        lastViewer = (viewer, position)
        return position
    }
}
