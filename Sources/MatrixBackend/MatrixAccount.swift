import Foundation
import Interactors
import Models

/// The account's Discover facts kept in `com.discover.account` account data.
enum MatrixAccount {
    /// Reads the account as a ``User``; an account never set up for Discover is refused.
    static func load(_ userID: String, accessToken: String, connection: MatrixConnection)
        async throws(ServiceError) -> User
    {
        let data = try await fetch(userID, accessToken: accessToken, connection: connection)
        return try user(from: data, userID: userID, configuration: connection.configuration)
    }

    /// The account's facts as stored; an account never set up for Discover is refused.
    static func fetch(_ userID: String, accessToken: String, connection: MatrixConnection)
        async throws(ServiceError) -> JSONValue
    {
        guard
            let data = try await connection.accountData(
                MatrixEventType.account, user: userID, accessToken: accessToken)
        else {
            throw .rejected("\(userID) has no Discover account data (it was not signed up through Discover)")
        }
        return data
    }

    /// The ``User`` the account's facts describe.
    static func user(from data: JSONValue, userID: String, configuration: MatrixConfiguration)
        throws(ServiceError) -> User
    {
        guard let birthText = data["birth_date"]?.stringValue,
            let birthDate = CalendarMath.parseDay(birthText)
        else { throw .malformedResponse("\(MatrixEventType.account): no birth_date") }
        return User(
            id: UserID(userID), username: configuration.username(for: userID),
            displayName: MatrixServerText.sanitized(
                data["display_name"]?.stringValue ?? configuration.username(for: userID),
                limit: MatrixServerText.Limit.displayName),
            birthDate: birthDate, hasProfile: data["has_profile"]?.boolValue ?? false)
    }

    /// Writes the account's facts.
    static func save(
        _ user: User, email: String?, location: (x: Double, y: Double), accessToken: String,
        connection: MatrixConnection
    ) async throws(ServiceError) {
        var content: [String: JSONValue] = [
            "display_name": .string(user.displayName),
            "birth_date": .string(CalendarMath.formatDay(user.birthDate)),
            "has_profile": .bool(user.hasProfile),
            "location": ["x_km": .number(location.x), "y_km": .number(location.y)],
        ]
        if let email { content["email"] = .string(email) }
        try await connection.setAccountData(
            MatrixEventType.account, .object(content), user: user.id.rawValue, accessToken: accessToken)
    }

    /// Marks the profile as set up in the account's facts `data` (as just read), keeping the others.
    static func markProfileSet(
        in data: JSONValue, userID: String, accessToken: String, connection: MatrixConnection
    ) async throws(ServiceError) {
        var content = data.objectValue ?? [:]
        content["has_profile"] = true
        try await connection.setAccountData(
            MatrixEventType.account, .object(content), user: userID, accessToken: accessToken)
    }

    /// The account's place on the plane (kilometres); the origin if it has none.
    static func location(of data: JSONValue?) -> (x: Double, y: Double) {
        guard case .number(let x)? = data?["location"]?["x_km"],
            case .number(let y)? = data?["location"]?["y_km"]
        else { return (0, 0) }
        return (x, y)
    }
}
