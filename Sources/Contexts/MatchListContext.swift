import Models
import Services

/// The user's matches, newest first: loaded from the server, and added live as swipes make them.
///
/// Inputs: ``load()``, ``matchMade(_:)``. Output: `[Match]` through ``store``. The chat use case
/// builds conversations on top of it.
@MainActor
public final class MatchListContext: StateContext {
    /// The matches, newest first. Emits when the list loads or a match is added.
    public let store = StateStore<[Match]>([])

    private let authorizer: RequestAuthorizer
    private let discovery: any DiscoveryService

    /// Creates the list for the signed-in user.
    public init(authorizer: RequestAuthorizer, discovery: any DiscoveryService) {
        self.authorizer = authorizer
        self.discovery = discovery
    }

    /// Call when the signed-in app starts: loads the matches the server knows.
    public func load() {
        let discovery = discovery
        authorizer.perform(
            { token, completion in discovery.fetchMatches(accessToken: token, completion: completion) },
            completion: { [weak self] result in
                guard let self, case .success(let matches) = result else { return }
                self.store.update { current in current = Self.merged(current, matches) }
            })
    }

    /// Call when a swipe made a match (the deck's broadcast).
    public func matchMade(_ match: Match) {
        store.update { current in current = Self.merged(current, [match]) }
    }

    private static func merged(_ current: [Match], _ new: [Match]) -> [Match] {
        var byID: [String: Match] = [:]
        for match in current + new where byID[match.id] == nil { byID[match.id] = match }
        return byID.values.sorted { ($0.matchedAt, $1.id) > ($1.matchedAt, $0.id) }
    }
}
