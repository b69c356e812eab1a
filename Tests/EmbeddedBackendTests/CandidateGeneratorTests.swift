import EmbeddedBackend
import Foundation
import Models
import Testing

/// The generator's ids (exactly the pool's are read back) and candidates, against their plain
/// construction.
@Suite struct CandidateGeneratorTests {
    let generator = CandidateGenerator(
        seed: 0xD15C_0E4E, poolSize: 1_000, now: Date(timeIntervalSince1970: 0))

    @Test func ids_areTheLetterCAndTheDecimalIndex() {
        for index in Array(0...1_100) + [9_999, 10_000, 123_456_789, Int.max, -1, -42, Int.min] {
            #expect(CandidateGenerator.id(of: index) == UserID("c\(index)"))
        }
    }

    @Test func index_acceptsExactlyTheIdsOfThePool() {
        for index in 0..<1_000 { #expect(generator.index(of: CandidateGenerator.id(of: index)) == index) }
        let refused = [
            "c1000", "c", "", "c00", "c01", "c+1", "c-1", "c 1", "c1 ", "C1", "cc1", "d1", "c1a", "c\u{0663}",
            "c\u{FF11}", "c1\u{301}", "c\u{301}1", "c99999999999999999999", "c9223372036854775807",
            "c9223372036854775808",
        ]
        for text in refused { #expect(generator.index(of: UserID(text)) == nil, "\(text)") }
        let huge = CandidateGenerator(seed: 1, poolSize: Int.max, now: Date(timeIntervalSince1970: 0))
        #expect(huge.index(of: "c9223372036854775806") == 9_223_372_036_854_775_806)
        #expect(huge.index(of: "c9223372036854775807") == nil)
        #expect(huge.index(of: "c9223372036854775808") == nil)
    }

    @Test func candidates_areDrawnAsBefore() {
        for index in 0..<300 {
            let candidate = generator.candidate(index, from: PlanePoint(x: 3, y: -4))
            #expect(
                candidate == ReferenceGenerator.candidate(generator, index, from: PlanePoint(x: 3, y: -4)))
        }
    }
}

/// The generator's candidate construction before it was made faster.
private enum ReferenceGenerator {
    static let names = [
        "Ada", "Ben", "Chloe", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivy", "Jon", "Kai", "Lea", "Max", "Nia",
        "Oli", "Pia", "Quinn", "Rae", "Sol", "Tess", "Uma", "Vic", "Wren", "Xan", "Yara", "Zed",
    ]
    static let bios = [
        "Here for good conversation.", "Probably hiking right now.", "Ask me about my sourdough.",
        "Looking for a concert buddy.", "Dog person, cat tolerant.", "Will travel for food.",
    ]

    static func candidate(_ generator: CandidateGenerator, _ index: Int, from viewer: PlanePoint) -> Candidate
    {
        let sketch = generator.sketch(index)
        var random = SeededGenerator(seed: generator.seed &+ 0xC0FF_EE00 ^ UInt64(truncatingIfNeeded: index))
        let name = names[Int(random.next() % UInt64(names.count))]
        var interests: [Interest] = []
        while interests.count < 3 {
            let interest = Interest.catalog[Int(random.next() % UInt64(Interest.catalog.count))]
            if !interests.contains(interest) { interests.append(interest) }
        }
        let inactiveSeconds = TimeInterval(random.next() % (30 * 24 * 3600))
        return Candidate(
            id: UserID("c\(index)"), displayName: name, age: sketch.age,
            bio: bios[Int(random.next() % UInt64(bios.count))], interests: interests,
            distanceKm: sketch.location.distanceKm(to: viewer),
            lastActiveAt: generator.now.addingTimeInterval(-inactiveSeconds))
    }
}
