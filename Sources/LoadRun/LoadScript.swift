/// One person's scripted day: whom they like, and what they do when.
public struct LoadScript: Hashable, Sendable {
    /// The person's index.
    public let person: Int
    /// The people this person likes when their card shows.
    public let likes: Set<Int>
    /// The one they super like instead, if any (one per day is allowed).
    public let superLike: Int?
    /// The day's steps, in the order they are done (by time).
    public let actions: [LoadAction]

    /// Creates a script.
    public init(person: Int, likes: Set<Int>, superLike: Int?, actions: [LoadAction]) {
        self.person = person
        self.likes = likes
        self.superLike = superLike
        self.actions = actions
    }

    /// How many messages this person sends.
    public var messageCount: Int {
        actions.count { if case .send = $0.step { true } else { false } }
    }
}
