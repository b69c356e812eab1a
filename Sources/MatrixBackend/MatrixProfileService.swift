import Foundation
import Interactors
import Models
import Services

/// ``Services/ProfileService`` over the discovery room: a profile is the member's `com.discover.profile`
/// state event there (state key = their user id).
public struct MatrixProfileService: ProfileService {
    /// The shared connection.
    public let connection: MatrixConnection

    /// Creates the service.
    public init(connection: MatrixConnection) { self.connection = connection }

    /// Publishes the profile (with the account's name, birth date and place) and the preferences.
    public func saveProfile(
        _ profile: Profile, accessToken: String, completion: @escaping ServiceCompletion<User>
    ) {
        let connection = connection
        connection.run(completion) { () async throws(ServiceError) -> User in
            let userID = try await connection.owner(of: accessToken)
            let account = try await MatrixAccount.fetch(
                userID, accessToken: accessToken, connection: connection)
            var user = try MatrixAccount.user(
                from: account, userID: userID, configuration: connection.configuration)
            let pool = try await connection.poolRoom(user: userID, accessToken: accessToken)
            let location = MatrixAccount.location(of: account)
            _ = try await connection.http.send(
                .put, ["rooms", pool, "state", MatrixEventType.profile, userID],
                body: MatrixProfiles.content(
                    displayName: user.displayName, birthDate: user.birthDate, profile: profile,
                    location: location),
                accessToken: accessToken)
            try await connection.setAccountData(
                MatrixEventType.preferences, MatrixProfiles.content(profile.lookingFor), user: userID,
                accessToken: accessToken)
            try await MatrixAccount.markProfileSet(
                in: account, userID: userID, accessToken: accessToken, connection: connection)
            user.hasProfile = true
            return user
        }
    }

    /// Reads a member's profile state event; `notFound` if they never published one.
    public func fetchProfile(
        of user: UserID, accessToken: String, completion: @escaping ServiceCompletion<PublicProfile>
    ) {
        let connection = connection
        connection.run(completion) { () async throws(ServiceError) -> PublicProfile in
            let viewer = try await connection.owner(of: accessToken)
            let pool = try await connection.poolRoom(user: viewer, accessToken: accessToken)
            let content = try await connection.http.send(
                .get, ["rooms", pool, "state", MatrixEventType.profile, user.rawValue],
                accessToken: accessToken)
            var preferences = SearchPreferences.default
            if user.rawValue == viewer,
                let saved = try await connection.accountData(
                    MatrixEventType.preferences, user: viewer, accessToken: accessToken)
            {
                preferences = MatrixProfiles.preferences(from: saved) ?? .default
            }
            let profile = try MatrixProfiles.read(content, of: user.rawValue, now: connection.scheduler.now)
            return PublicProfile(
                id: user, displayName: profile.displayName, age: profile.age,
                profile: Profile(bio: profile.bio, interests: profile.interests, lookingFor: preferences))
        }
    }
}

/// Reads and writes the `com.discover.profile` content and the preferences.
enum MatrixProfiles {
    /// A profile as read from the discovery room.
    struct Published: Sendable {
        let userID: String
        let displayName: String
        let age: Int
        let bio: String
        let interests: [Interest]
        let location: (x: Double, y: Double)
    }

    /// The state event content for a profile.
    static func content(
        displayName: String, birthDate: Date, profile: Profile, location: (x: Double, y: Double)
    )
        -> JSONValue
    {
        [
            "display_name": .string(displayName), "birth_date": .string(CalendarMath.formatDay(birthDate)),
            "bio": .string(profile.bio), "interests": .array(profile.interests.map { .string($0.name) }),
            "location": ["x_km": .number(location.x), "y_km": .number(location.y)],
        ]
    }

    /// Reads a profile's content; a profile missing its name or birth date is malformed.
    static func read(_ content: JSONValue, of userID: String, now: Date) throws(ServiceError) -> Published {
        let context = "\(MatrixEventType.profile) of \(userID)"
        let name = try content.string("display_name", in: context)
        guard let birthDate = CalendarMath.parseDay(try content.string("birth_date", in: context)) else {
            throw .malformedResponse("\(context): birth_date is not YYYY-MM-DD")
        }
        let interests = (content["interests"]?.arrayValue ?? []).compactMap(\.stringValue)
            .map { MatrixServerText.sanitized($0, limit: MatrixServerText.Limit.interest) }
            .filter { !$0.isEmpty }.map(Interest.init)
        return Published(
            userID: userID,
            displayName: MatrixServerText.sanitized(name, limit: MatrixServerText.Limit.displayName),
            age: CalendarMath.age(bornOn: birthDate, at: now),
            bio: MatrixServerText.sanitized(
                content["bio"]?.stringValue ?? "", limit: MatrixServerText.Limit.bio),
            interests: interests,
            location: MatrixAccount.location(of: content))
    }

    /// The preferences account data content.
    static func content(_ preferences: SearchPreferences) -> JSONValue {
        [
            "minimum_age": .number(Double(preferences.minimumAge)),
            "maximum_age": .number(Double(preferences.maximumAge)),
            "maximum_distance_km": .number(Double(preferences.maximumDistanceKm)),
        ]
    }

    /// Reads preferences; `nil` when they are incomplete.
    static func preferences(from content: JSONValue) -> SearchPreferences? {
        guard let minimum = content["minimum_age"]?.intValue, let maximum = content["maximum_age"]?.intValue,
            let distance = content["maximum_distance_km"]?.intValue
        else { return nil }
        return SearchPreferences(minimumAge: minimum, maximumAge: maximum, maximumDistanceKm: distance)
    }
}
