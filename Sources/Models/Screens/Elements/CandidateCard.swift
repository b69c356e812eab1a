/// A candidate's card on the deck (and on their full profile): the data a card view shows.
///
/// Text front ends read ``headline`` and the other derived lines; a native one lays the values out
/// itself.
public struct CandidateCard: Hashable, Sendable, Codable {
    /// The person a card peeks at under this one.
    public struct Peek: Hashable, Sendable, Codable {
        /// The person's id.
        public var id: String
        /// The name shown.
        public var name: String

        /// Creates a peek.
        public init(id: String, name: String) {
            self.id = id
            self.name = name
        }
    }

    /// The candidate's user id.
    public var id: String
    /// The name shown.
    public var name: String
    /// Their age in years.
    public var age: Int
    /// How far away they are, rounded by the server, in kilometres.
    public var distanceKm: Int
    /// Their bio; empty when they wrote none.
    public var bio: String
    /// All their interests, in their order.
    public var interests: [String]
    /// The interests the viewer shares with them, in the card's order.
    public var sharedInterests: [String]
    /// Whether they already liked the viewer.
    public var likedYou: Bool
    /// Whether they super liked the viewer.
    public var superLikedYou: Bool
    /// The card under this one, when there is one and it is shown.
    public var next: Peek?

    /// Creates a card.
    public init(
        id: String, name: String, age: Int, distanceKm: Int, bio: String, interests: [String],
        sharedInterests: [String], likedYou: Bool, superLikedYou: Bool, next: Peek?
    ) {
        self.id = id
        self.name = name
        self.age = age
        self.distanceKm = distanceKm
        self.bio = bio
        self.interests = interests
        self.sharedInterests = sharedInterests
        self.likedYou = likedYou
        self.superLikedYou = superLikedYou
        self.next = next
    }
}

extension CandidateCard {
    /// The card of `candidate` for a viewer with `viewerInterests`, with a peek at `next`.
    public init(_ candidate: Candidate, viewerInterests: [Interest], next: Candidate? = nil) {
        self.init(
            id: candidate.id.rawValue, name: candidate.displayName, age: candidate.age,
            distanceKm: candidate.distanceKm, bio: candidate.bio, interests: candidate.interests.map(\.name),
            sharedInterests: candidate.interests.filter { viewerInterests.contains($0) }.map(\.name),
            likedYou: candidate.likedYou, superLikedYou: candidate.superLikedYou,
            next: next.map { Peek(id: $0.id.rawValue, name: $0.displayName) })
    }

    /// "Name, age · N km away".
    public var headline: String { "\(name), \(age) · \(distanceKm) km away" }

    /// "Name super liked you", when they did.
    public var superLikeLine: String? { superLikedYou ? "\(name) super liked you" : nil }

    /// "Shared interests: A, B", or `nil` when none is shared.
    public var sharedInterestsLine: String? {
        sharedInterests.isEmpty ? nil : "Shared interests: " + sharedInterests.joined(separator: ", ")
    }

    /// "Next: Name", when a peek is shown.
    public var nextLine: String? { next.map { "Next: \($0.name)" } }

    /// The card's lines as a text front end shows them, top to bottom.
    public var lines: [String] {
        [headline, superLikeLine, bio.isEmpty ? nil : bio, sharedInterestsLine, nextLine].compactMap { $0 }
    }
}
