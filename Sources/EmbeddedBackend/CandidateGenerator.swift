import Foundation
import Models

/// Makes the generated part of the embedded candidate pool, deterministically from a seed.
///
/// Candidate `i` is computed on demand from the seed and `i` alone, so a pool of 1,000,000 costs no
/// memory until a candidate is read, and the same seed always gives the same people.
public struct CandidateGenerator: Sendable {
    /// A generated person's cheap facts, enough to filter before building the whole candidate.
    public struct Sketch: Sendable {
        /// The pool index.
        public let index: Int
        /// Age in years.
        public let age: Int
        /// Where they are.
        public let location: PlanePoint
    }

    /// The seed.
    public let seed: UInt64
    /// How many generated people the pool holds.
    public let poolSize: Int
    /// The instant "last active" is measured back from.
    public let now: Date

    private static let names = [
        "Ada", "Ben", "Chloe", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivy", "Jon", "Kai", "Lea", "Max", "Nia",
        "Oli", "Pia", "Quinn", "Rae", "Sol", "Tess", "Uma", "Vic", "Wren", "Xan", "Yara", "Zed",
    ]
    private static let bios = [
        "Here for good conversation.", "Probably hiking right now.", "Ask me about my sourdough.",
        "Looking for a concert buddy.", "Dog person, cat tolerant.", "Will travel for food.",
    ]

    /// Creates a generator.
    public init(seed: UInt64, poolSize: Int, now: Date) {
        self.seed = seed
        self.poolSize = max(0, poolSize)
        self.now = now
    }

    /// The id of generated person `index`.
    public static func id(of index: Int) -> UserID { UserID("c\(index)") }

    /// The pool index of a generated id, if it is one and within the pool.
    ///
    /// Only the id ``id(of:)`` gives is one: `c` and the index in decimal, with no sign, no leading
    /// zero and nothing else.
    public func index(of id: UserID) -> Int? {
        guard let index = Int(id.rawValue.dropFirst()), (0..<poolSize).contains(index),
            Self.id(of: index) == id
        else { return nil }
        return index
    }

    /// The cheap facts of person `index`.
    public func sketch(_ index: Int) -> Sketch {
        var random = SeededGenerator(
            seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15))
        let age = 18 + Int(random.next() % 38)
        let x = Double(Int(random.next() % 12_001) - 6_000) / 100
        let y = Double(Int(random.next() % 12_001) - 6_000) / 100
        return Sketch(index: index, age: age, location: PlanePoint(x: x, y: y))
    }

    /// Person `index` as a candidate seen from `viewer`'s location.
    public func candidate(_ index: Int, from viewer: PlanePoint) -> Candidate {
        let sketch = sketch(index)
        return candidate(
            sketch, id: Self.id(of: index), distanceKm: sketch.location.distanceKm(to: viewer),
            likedYou: false, superLikedYou: false)
    }

    /// The candidate of a sketch already made, with its id, its distance from the viewer and what they
    /// did to the viewer.
    ///
    /// Draws exactly what ``candidate(_:from:)`` draws: a name, distinct interests until there are
    /// three, the time since last active, a bio.
    func candidate(
        _ sketch: Sketch, id: UserID, distanceKm: Int, likedYou: Bool, superLikedYou: Bool
    ) -> Candidate {
        var random = details(sketch.index)
        let name = Self.names[Int(random.next() % UInt64(Self.names.count))]
        let catalog = Interest.catalog
        let count = UInt64(catalog.count)
        // Positions in the catalog compare as its (distinct) interests do, without comparing names.
        let first = Int(random.next() % count)
        var second = Int(random.next() % count)
        while second == first { second = Int(random.next() % count) }
        var third = Int(random.next() % count)
        while third == first || third == second { third = Int(random.next() % count) }
        let inactiveSeconds = TimeInterval(random.next() % (30 * 24 * 3600))
        return Candidate(
            id: id, displayName: name, age: sketch.age,
            bio: Self.bios[Int(random.next() % UInt64(Self.bios.count))],
            interests: [catalog[first], catalog[second], catalog[third]],
            distanceKm: distanceKm, lastActiveAt: now.addingTimeInterval(-inactiveSeconds),
            likedYou: likedYou, superLikedYou: superLikedYou)
    }

    /// The shown name of person `index` (the first thing ``candidate(_:from:)`` draws).
    func name(_ index: Int) -> String {
        var random = details(index)
        return Self.names[Int(random.next() % UInt64(Self.names.count))]
    }

    /// The generator of a person's name, interests, last activity and bio, in that order.
    private func details(_ index: Int) -> SeededGenerator {
        SeededGenerator(seed: seed &+ 0xC0FF_EE00 ^ UInt64(truncatingIfNeeded: index))
    }
}
