import Foundation
import Models
import Testing

@Suite struct InterestEqualityTests {
    @Test func interestsWithTheSameName_areEqual_andHashAlike() {
        let music = Interest("Music")
        let spelled = Interest(String("Mus") + "ic")
        #expect(music == spelled)
        #expect(music.hashValue == spelled.hashValue)
        #expect(Set([music, spelled]).count == 1)
    }

    @Test func interestsWithDifferentNames_differ() {
        for (index, first) in Interest.catalog.enumerated() {
            for (other, second) in Interest.catalog.enumerated() {
                #expect((first == second) == (index == other))
            }
        }
        #expect(Interest("Art") != Interest("art"))
        #expect(Interest("Art") != Interest("Café"))
    }

    @Test func namesComposedDifferently_stillCompareAsStrings() {
        // The same text, precomposed and decomposed: equal strings with different bytes.
        let precomposed = Interest("Caf\u{E9}")
        let decomposed = Interest("Cafe\u{301}")
        #expect(precomposed == decomposed)
        #expect(precomposed.hashValue == decomposed.hashValue)
        // A non-ASCII name equal to an ASCII one (the Kelvin sign is K).
        #expect(Interest("\u{212A}") == Interest("K"))
    }

    @Test func anInterest_decodesToTheSameValue_andDescribesOnlyItsName() throws {
        let data = try JSONEncoder().encode([Interest("Yoga")])
        let decoded = try JSONDecoder().decode([Interest].self, from: data)
        #expect(decoded == [Interest("Yoga")])
        #expect(String(decoding: data, as: UTF8.self) == "[\"Yoga\"]")
        #expect(String(reflecting: Interest("Yoga")) == "Yoga")
        #expect(Mirror(reflecting: Interest("Yoga")).children.map(\.label) == ["name"])
    }
}
