import Foundation
import Models
import Testing

@Suite struct CandidateTests {
    let card = Candidate(
        id: "c1", displayName: "Cleo", age: 30, bio: "Hi", interests: [Interest("Music")], distanceKm: 3,
        lastActiveAt: Date(timeIntervalSince1970: 1_000_000), likedYou: true, superLikedYou: false)

    @Test func everyPropertyTakesPartInEqualityAndHashing() {
        expectEveryEditTakesPartInEquality(
            card,
            [
                ("id", { $0.id = "c2" }),
                ("displayName", { $0.displayName = "Cleopatra" }),
                ("age", { $0.age = 31 }),
                ("bio", { $0.bio = "Hello" }),
                ("interests", { $0.interests.append(Interest("Books")) }),
                ("distanceKm", { $0.distanceKm = 4 }),
                ("lastActiveAt", { $0.lastActiveAt = Date(timeIntervalSince1970: 2_000_000) }),
                ("likedYou", { $0.likedYou = false }),
                ("superLikedYou", { $0.superLikedYou = true }),
            ])
    }

    @Test func describesItsContent() {
        let description = String(describing: card)
        #expect(description.contains("\"Cleo\"") && description.contains("Music"))
        #expect(!description.contains("Box") && !description.contains("Storage"))
    }

    @Test func editingACopy_leavesTheOriginalAsItWas() {
        var copy = card
        copy.displayName = "Other"
        copy.interests.append(Interest("Books"))
        #expect(card.displayName == "Cleo")
        #expect(card.interests == [Interest("Music")])
        #expect(copy.displayName == "Other")
        #expect(copy.interests == [Interest("Music"), Interest("Books")])
    }

    @Test func separatelyBuiltCards_withTheSameValues_areEqual() {
        let twin = Candidate(
            id: "c1", displayName: "Cleo", age: 30, bio: "Hi", interests: [Interest("Music")], distanceKm: 3,
            lastActiveAt: Date(timeIntervalSince1970: 1_000_000), likedYou: true)
        #expect(twin == card)
        #expect(twin.hashValue == card.hashValue)
    }

    @Test func encodesUnderThePropertyNames_andDecodesToAnEqualCard() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(card)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "id", "displayName", "age", "bio", "interests", "distanceKm", "lastActiveAt", "likedYou",
                "superLikedYou",
            ])
        #expect(object["displayName"] as? String == "Cleo")
        #expect(try JSONDecoder().decode(Candidate.self, from: data) == card)
    }
}
