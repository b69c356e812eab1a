import Foundation
import Interactors
import Models
import Services
import Testing

/// What the contract's cases share: signing people up, matching them, sending.
extension ServiceContract {
    func request(_ username: String, name: String? = nil, born: Date? = nil) -> SignUpRequest {
        SignUpRequest(
            username: username, email: nil, password: "correct horse",
            displayName: name ?? username.prefix(1).uppercased() + username.dropFirst(),
            birthDate: born ?? CalendarMath.parseDay("1996-04-12") ?? Date(timeIntervalSince1970: 0))
    }

    func signUp(_ services: AppServices, _ username: String, name: String? = nil, born: Date? = nil)
        throws
        -> AuthSession
    {
        try harness.value { services.auth.signUp(request(username, name: name, born: born), completion: $0) }
    }

    /// Signs a new person up on a device of their own and publishes a profile (unless `bio` is nil and
    /// `interests` empty, which still publishes an empty one).
    func person(_ username: String, born: Date? = nil, bio: String = "", interests: [String] = [])
        throws
        -> Person
    {
        let services = harness.device()
        let session = try signUp(services, username, born: born)
        let profile = Profile(bio: bio, interests: interests.map(Interest.init), lookingFor: .default)
        _ = try harness.value {
            services.profiles.saveProfile(profile, accessToken: session.tokens.accessToken, completion: $0)
        }
        return Person(services: services, session: session)
    }

    func candidatesPage(_ person: Person) throws -> DiscoveryPage {
        try harness.value {
            person.services.discovery.fetchCandidates(
                cursor: nil, limit: 20, accessToken: person.token, completion: $0)
        }
    }

    func swipe(_ candidate: UserID, _ action: SwipeAction) -> Swipe {
        Swipe(id: "s-\(UUID().uuidString)", candidate: candidate, action: action, swipedAt: harness.now)
    }

    func matchedPair() throws -> (Person, Person, String) {
        let alice = try person("alice")
        let bob = try person("bob")
        _ = try harness.value {
            alice.services.discovery.sendSwipe(swipe(bob.id, .like), accessToken: alice.token, completion: $0)
        }
        _ = try harness.value {
            bob.services.discovery.sendSwipe(swipe(alice.id, .like), accessToken: bob.token, completion: $0)
        }
        return (alice, bob, Match.id(between: alice.id, and: bob.id))
    }

    @discardableResult
    func send(_ person: Person, _ text: String, in conversation: String) throws -> Message {
        let message = OutgoingMessage(
            id: "tx-\(UUID().uuidString)", conversation: conversation, text: text, createdAt: harness.now)
        return try harness.value {
            person.services.chat.sendMessage(message, accessToken: person.token, completion: $0)
        }
    }
}
