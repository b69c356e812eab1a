/// A swipe made in this run, while it is queued: its card, which comes back if the server refuses
/// the like, and whether it was rewound on its way (its undo follows once the server has it).
public struct SwipeMade: Hashable, Sendable {
    /// The card swiped.
    public let card: Candidate
    /// Whether the user rewound the pass while it was on its way.
    public var isRewound = false

    /// Creates the record of a swipe on `card`.
    public init(card: Candidate, isRewound: Bool = false) {
        self.card = card
        self.isRewound = isRewound
    }
}
