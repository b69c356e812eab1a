import EmbeddedBackend
import Foundation
import GenericScreens
import Models
import ScenarioLanguage

/// Chooses the explorer's next step from what the app shows now: any enabled action visible on the
/// screen or alert, a value typed into a visible field, a deep link, the other people's actions, the
/// network, a server failure, a relaunch or a wait (a second up to a month, across midnight and past
/// the access and refresh tokens' lifetimes).
///
/// The world's ``ExplorePlan`` says which of these its backend supports: on a real homeserver no
/// server failure, no generated people, and waits of a few real seconds.
///
/// Every step is one of the scenario language's, so a run is a scenario. The choices lean towards
/// what gets somewhere (the right password after the right username, sending a message just typed),
/// and otherwise are uniform among what the screen offers.
@MainActor
struct StepGenerator {
    private var random: ExploreRandom
    /// The kinds of the server failures: a stream of their own, so adding kinds left every other
    /// choice of a seed as it was.
    private var faultRandom: ExploreRandom
    /// The number the next message's tag carries.
    private var nextTag = 0
    /// The username typed last into a login or sign-up form: the password that goes with it.
    private var lastIdentity = "alice"
    /// What the world supports.
    private let plan: ExplorePlan

    /// Creates a generator whose choices come from `seed`, for a world with `plan`.
    init(seed: UInt64, plan: ExplorePlan) {
        random = ExploreRandom(seed: seed)
        faultRandom = ExploreRandom(seed: seed ^ 0xFA17_FA17)
        self.plan = plan
    }

    /// The steps every exploration starts with: the demo people and a launch; where the plan says
    /// so (a short run on a real server), also signing in as a demo person the seed picks and a
    /// match with the next one, so the run's few steps are spent inside the app.
    static func prelude(seed: UInt64, plan: ExplorePlan) -> [ScenarioStep] {
        guard plan.signsInFirst else { return [.givenDemoPeople, .launch] }
        let people = ExploreValues.people
        let me = people[Int(seed % UInt64(people.count))]
        let match = people[Int((seed + 1) % UInt64(people.count))]
        return [
            .givenDemoPeople, .launch, .tap("Log in"), .type(me.name, into: "Username or email"),
            .type(me.password, into: "Password"), .tap("Log in"), .matchesMe(match.name),
        ]
    }

    /// The next step for the app as `world` shows it now.
    mutating func next(in world: some ExploreWorld) -> ScenarioStep {
        if let alert = world.alert, random.chance(85), !alert.actions.isEmpty {
            return .tap(random.pick(alert.actions).label)
        }
        let screen = world.screen
        let actions = (screen?.actions ?? []).filter(\.isEnabled)
        let fields = screen?.fields ?? []
        // The user as the scenario names them (on Matrix the id is `@s1.alice:localhost`).
        let me = world.signedInUser.map { UserID(world.scenarioName(of: $0.rawValue)) }
        let kind = random.weighted([
            (actions.isEmpty ? 0 : 40, 0), (fields.isEmpty ? 0 : 22, 1), (me == nil ? 0 : 12, 2),
            (6, 3), (10, 4), (4, 5), (2, 6),
        ])
        switch kind {
        case 0:
            let label = random.pick(actions).label
            // A short run (one that signs in first) mostly stays in: 9 in 10 taps on "Log out" are
            // chosen again.
            guard plan.signsInFirst, label == "Log out", random.chance(90) else { return .tap(label) }
            return .tap(random.pick(actions).label)
        case 1: return type(into: random.pick(fields))
        case 2: return otherSide(of: me ?? "alice", in: world)
        case 3: return .open(link(for: me, in: world))
        case 4: return .wait(wait(in: world))
        case 5: return world.isNetworkDown ? .network(up: true) : worldStep(me: me)
        default: return .relaunch
        }
    }

    /// A value for a field, by what its label asks for.
    private mutating func type(into field: ScreenField) -> ScenarioStep {
        let label = field.label
        let lower = label.lowercased()
        let value: String
        if field.isSecure {
            let right = ExploreValues.people.first { $0.name == lastIdentity.lowercased() }?.password
            value = random.chance(75) ? (right ?? "wonderland") : random.pick(ExploreValues.wrongPasswords)
        } else if lower.contains("message") {
            if random.chance(5) {
                value = random.pick(ExploreValues.refusedMessages)
            } else {
                nextTag += 1
                value = random.pick(ExploreValues.messagePieces) + ExploreValues.tag(nextTag)
            }
        } else if lower.contains("username") || lower.contains("email") {
            value =
                random.chance(80) ? random.pick(ExploreValues.identities) : random.pick(ExploreValues.hostile)
            lastIdentity = value
        } else if lower.contains("age") || lower.contains("distance") {
            value =
                random.chance(80) ? random.pick(ExploreValues.numbers) : random.pick(ExploreValues.hostile)
        } else if lower.contains("birth") || lower.contains("date") {
            value = random.chance(80) ? random.pick(ExploreValues.dates) : random.pick(ExploreValues.hostile)
        } else {
            value =
                random.chance(50) ? random.pick(ExploreValues.identities) : random.pick(ExploreValues.hostile)
        }
        return .type(value, into: label)
    }

    /// Someone else's action towards the signed-in user: mostly from people they are matched with.
    private mutating func otherSide(of me: UserID, in world: some ExploreWorld) -> ScenarioStep {
        let matched = matchedPeople(in: world)
        let strangers = plan.otherPeople.filter { $0 != me.rawValue }
        let partner = !matched.isEmpty && random.chance(80) ? random.pick(matched) : random.pick(strangers)
        switch random.below(10) {
        case 0, 1, 2:
            nextTag += 1
            return .sends(
                partner, text: random.pick(ExploreValues.messagePieces) + ExploreValues.tag(nextTag))
        case 3: return .matchesMe(random.pick(strangers))
        case 4: return .likesMe(random.pick(strangers), superLike: random.chance(30))
        case 5, 6: return .reads(partner)
        case 7, 8: return .types(partner)
        default: return .unmatchesMe(partner)
        }
    }

    /// A deep link: a conversation or profile of someone real, and malformed and hostile ones.
    private mutating func link(for me: UserID?, in world: some ExploreWorld) -> String {
        let other = random.pick(matchedPeople(in: world) + ["bob", "carol", "zed"])
        let conversation = Match.id(between: me ?? "alice", and: UserID(other))
        return random.pick([
            "discover://chat/\(conversation)", "discover://chat/\(conversation)",
            "discover://profile/\(other)",
            "discover://deck", "discover://matches", "discover://chat/m-nobody~zed", "discover://profile/",
            "discover://", "https://example.com/chat/bob",
            "discover://chat/" + String(repeating: "m", count: 500),
            "discover://profile/\u{202E}bob", "discover://unknown/place",
        ])
    }

    /// How long to wait: short, past a retry's back-off, past the access token's hour, just past the
    /// next midnight (UTC), a day, past the refresh token's 30 days; on a real clock, a few seconds.
    private mutating func wait(in world: some ExploreWorld) -> Duration {
        if let real = plan.realWaits { return .seconds(random.pick(real)) }
        let now = world.app.now.timeIntervalSince1970
        let toMidnight = 86_400 - Int64(now.truncatingRemainder(dividingBy: 86_400)) + 1
        return .seconds(random.pick([1, 1, 5, 30, 90, 600, 600, 3_601, toMidnight, 86_400, 31 * 86_400]))
    }

    /// The network going down, a server failure or a revocation (no server failure where the world
    /// cannot inject one: the network goes down instead).
    private mutating func worldStep(me: UserID?) -> ScenarioStep {
        switch random.below(10) {
        case 0, 1, 2, 3: return .network(up: false)
        case 4 where me != nil: return .serverRevokesToken
        default:
            guard plan.injectsServerFailures else { return .network(up: false) }
            let endpoint = random.pick(Self.failingEndpoints)
            // Two in three a plain server error, one in three any kind (a refusal, a wait, a timeout, …).
            guard faultRandom.below(3) == 0 else { return .serverFailsNext(endpoint) }
            return .serverFails(
                endpoint, faultRandom.pick(Self.failureKinds), .times(1 + faultRandom.below(2)))
        }
    }

    /// Every kind of failure the embedded server can be told to have, with short and long waits.
    private static let failureKinds: [EmbeddedFailure] = [
        .serverError, .notFound, .forbidden, .gone, .rateLimited(retryAfterSeconds: 5),
        .rateLimited(retryAfterSeconds: 120), .timeout, .malformedAnswer,
    ]

    /// Every endpoint of the embedded server, by name.
    private static let failingEndpoints = EmbeddedEndpoint.allCases.map(\.rawValue)

    /// The people the signed-in user has a match with, as the app knows them.
    private func matchedPeople(in world: some ExploreWorld) -> [String] {
        guard let chat = world.app.mainFlow?.chat.snapshot else { return [] }
        return (chat.newMatches.map(\.user.rawValue) + chat.conversations.map(\.match.user.rawValue))
            .map(world.scenarioName(of:))
    }
}
