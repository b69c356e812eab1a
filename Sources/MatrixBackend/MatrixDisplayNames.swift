import Foundation
import Models

/// The one place a person's shown name comes from, whichever way the app met them (a card in the
/// deck, the matches list after a relaunch, a match the other side made).
///
/// The name is the `display_name` of their Discover profile (the `com.discover.profile` state event
/// they published, under their own id, in the discovery room); without one, their username
/// capitalized (`@ns.bob:localhost` → `Bob`). A room member's display name or a raw Matrix id is never
/// shown: anyone can set the first to anything, and the second is not a name.
enum MatrixDisplayNames {
    /// The name of `user` given the profile event they published (if any).
    static func name(of user: String, profile: JSONValue?, configuration: MatrixConfiguration) -> String {
        if let profile, profile["sender"]?.stringValue ?? user == user,
            let name = profile["content"]?["display_name"]?.stringValue
                ?? profile["display_name"]?.stringValue,
            !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        {
            return name
        }
        return fallback(for: user, configuration: configuration)
    }

    /// The name shown for someone without a Discover profile: their username, capitalized.
    static func fallback(for user: String, configuration: MatrixConfiguration) -> String {
        configuration.username(for: user).capitalized
    }

    /// The profile events among `events` (a discovery room's state), by owner: only one the owner
    /// published under their own id counts.
    static func profiles(in events: [JSONValue]) -> [String: JSONValue] {
        var profiles: [String: JSONValue] = [:]
        for event in events where event["type"]?.stringValue == MatrixEventType.profile {
            guard let owner = event["state_key"]?.stringValue, event["sender"]?.stringValue == owner else {
                continue
            }
            profiles[owner] = event
        }
        return profiles
    }

    /// The name of `user`, reading their profile from the discovery room.
    static func name(of user: String, viewer: String, accessToken: String, connection: MatrixConnection)
        async throws(ServiceError) -> String
    {
        let pool = try await connection.poolRoom(user: viewer, accessToken: accessToken)
        // The state endpoint answers the content alone, which only its owner can have written: a state
        // key that is a user id can be set by that user alone (a Matrix authorization rule).
        let content = try? await connection.http.send(
            .get, ["rooms", pool, "state", MatrixEventType.profile, user], accessToken: accessToken)
        return name(
            of: user, profile: content.map { ["content": $0] }, configuration: connection.configuration)
    }

    /// `outcome` with its match (if any) named as everywhere else: an outcome kept from earlier (a
    /// swipe sent again) names the person afresh, never by their Matrix id.
    static func named(
        _ outcome: SwipeOutcome, viewer: String, accessToken: String, connection: MatrixConnection
    )
        async throws(ServiceError) -> SwipeOutcome
    {
        guard case .matched(var match) = outcome else { return outcome }
        match.displayName = try await name(
            of: match.user.rawValue, viewer: viewer, accessToken: accessToken, connection: connection)
        return .matched(match)
    }
}
