import Foundation

/// Someone the deck may show: what the discovery service tells about them, relative to the viewer.
///
/// The server gives a rounded distance, never a location. ``likedYou`` lets the client show a match the
/// moment the viewer likes back, even offline; the server confirms it when the swipe arrives.
public struct Candidate: Hashable, Codable, Sendable, Identifiable {
    /// Who.
    public var id: UserID
    /// The shown name.
    public var displayName: String
    /// Age in whole years.
    public var age: Int
    /// The profile text.
    public var bio: String
    /// Their interests.
    public var interests: [Interest]
    /// Distance from the viewer in whole kilometres.
    public var distanceKm: Int
    /// When they last used the app.
    public var lastActiveAt: Date
    /// Whether they already liked the viewer.
    public var likedYou: Bool
    /// Whether that like was a super like (shown on the card).
    public var superLikedYou: Bool

    /// Creates a candidate.
    public init(
        id: UserID, displayName: String, age: Int, bio: String, interests: [Interest], distanceKm: Int,
        lastActiveAt: Date, likedYou: Bool = false, superLikedYou: Bool = false
    ) {
        self.id = id
        self.displayName = displayName
        self.age = age
        self.bio = bio
        self.interests = interests
        self.distanceKm = distanceKm
        self.lastActiveAt = lastActiveAt
        self.likedYou = likedYou
        self.superLikedYou = superLikedYou
    }
}
