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
    public func index(of id: UserID) -> Int? {
        guard id.rawValue.hasPrefix("c"), let index = Int(id.rawValue.dropFirst()), index >= 0,
            index < poolSize,
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
        var random = SeededGenerator(seed: seed &+ 0xC0FF_EE00 ^ UInt64(truncatingIfNeeded: index))
        let name = Self.names[Int(random.next() % UInt64(Self.names.count))]
        var interests: [Interest] = []
        while interests.count < 3 {
            let interest = Interest.catalog[Int(random.next() % UInt64(Interest.catalog.count))]
            if !interests.contains(interest) { interests.append(interest) }
        }
        let inactiveSeconds = TimeInterval(random.next() % (30 * 24 * 3600))
        return Candidate(
            id: Self.id(of: index), displayName: name, age: sketch.age,
            bio: Self.bios[Int(random.next() % UInt64(Self.bios.count))], interests: interests,
            distanceKm: sketch.location.distanceKm(to: viewer),
            lastActiveAt: now.addingTimeInterval(-inactiveSeconds))
    }
}
