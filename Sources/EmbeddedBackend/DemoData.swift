import Foundation
import Interactors
import Models

/// The demo data set: a few named people with passwords, profiles and places on the map.
public enum DemoData {
    /// One demo person.
    public struct Person: Sendable {
        /// The sign-in name.
        public let username: String
        /// The password (demo only).
        public let password: String
        /// The shown name.
        public let displayName: String
        /// The email address.
        public let email: String
        /// The birth date.
        public let birthDate: Date
        /// The profile.
        public let profile: Profile
        /// Where they live on the embedded map.
        public let location: PlanePoint
    }

    /// alice, bob, carol and dave.
    public static let people: [Person] = [
        person(
            "alice", "wonderland", "Alice", "1996-04-12", "Curious about everything.",
            ["Books", "Hiking", "Coffee"], (0, 0)),
        person(
            "bob", "builder123", "Bob", "1994-09-03", "Builds things, cooks badly.",
            ["Cooking", "Music", "Dogs"], (3, 4)),
        person(
            "carol", "christmas1", "Carol", "1998-12-24", "Sings in a choir.", ["Music", "Travel", "Coffee"],
            (-6, 8)),
        person(
            "dave", "davedave1", "Dave", "1990-06-30", "Runs before breakfast.",
            ["Running", "Films", "Coffee"], (12, 5)),
    ]

    private static func person(
        _ username: String, _ password: String, _ name: String, _ born: String, _ bio: String,
        _ interests: [String],
        _ place: (x: Double, y: Double)
    ) -> Person {
        Person(
            username: username, password: password, displayName: name, email: "\(username)@example.com",
            birthDate: CalendarMath.parseDay(born) ?? Date(timeIntervalSince1970: 0),
            profile: Profile(bio: bio, interests: interests.map(Interest.init), lookingFor: .default),
            location: PlanePoint(x: place.x, y: place.y))
    }
}
