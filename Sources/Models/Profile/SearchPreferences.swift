/// The age range and distance a user wants candidates from.
public struct SearchPreferences: Hashable, Codable, Sendable {
    /// The youngest candidate age, at least ``SearchPreferences/minimumAge-type.property``.
    public var minimumAge: Int
    /// The oldest candidate age, at most ``SearchPreferences/maximumAge-type.property``.
    public var maximumAge: Int
    /// The farthest distance in kilometres, within ``SearchPreferences/distanceLimits``.
    public var maximumDistanceKm: Int

    /// The youngest age anyone may choose or have.
    public static let minimumAge = 18
    /// The oldest age anyone may choose.
    public static let maximumAge = 100
    /// The distances a user may choose, in kilometres.
    public static let distanceLimits = 1...500

    /// Creates preferences.
    public init(minimumAge: Int, maximumAge: Int, maximumDistanceKm: Int) {
        self.minimumAge = minimumAge
        self.maximumAge = maximumAge
        self.maximumDistanceKm = maximumDistanceKm
    }

    /// The preferences a new account starts with: 18–40 within 50 km.
    public static let `default` = SearchPreferences(minimumAge: 18, maximumAge: 40, maximumDistanceKm: 50)
}
