import Foundation

/// Someone the deck may show: what the discovery service tells about them, relative to the viewer.
///
/// The server gives a rounded distance, never a location. ``likedYou`` lets the client show a match the
/// moment the viewer likes back, even offline; the server confirms it when the swipe arrives.
///
/// A value with copy-on-write storage (``CopyOnWrite``): a card is copied many times on its way from
/// a page to the screen (ranked, merged, kept by snapshots, read for the top card), and each copy is
/// one reference count instead of one per text and list. Two copies of one card compare equal at once.
public struct Candidate: Hashable, Codable, Sendable, Identifiable {
    private struct Fields: Hashable, Codable, Sendable {
        var id: UserID
        var displayName: String
        var age: Int
        var bio: String
        var interests: [Interest]
        var distanceKm: Int
        var lastActiveAt: Date
        var likedYou: Bool
        var superLikedYou: Bool
    }

    private var storage: CopyOnWrite<Fields>

    /// Who.
    public var id: UserID {
        get { storage.fields.id }
        set { storage.fields.id = newValue }
    }
    /// The shown name.
    public var displayName: String {
        get { storage.fields.displayName }
        set { storage.fields.displayName = newValue }
    }
    /// Age in whole years.
    public var age: Int {
        get { storage.fields.age }
        set { storage.fields.age = newValue }
    }
    /// The profile text.
    public var bio: String {
        get { storage.fields.bio }
        set { storage.fields.bio = newValue }
    }
    /// Their interests.
    public var interests: [Interest] {
        get { storage.fields.interests }
        _modify { yield &storage.fields.interests }
    }
    /// Distance from the viewer in whole kilometres.
    public var distanceKm: Int {
        get { storage.fields.distanceKm }
        set { storage.fields.distanceKm = newValue }
    }
    /// When they last used the app.
    public var lastActiveAt: Date {
        get { storage.fields.lastActiveAt }
        set { storage.fields.lastActiveAt = newValue }
    }
    /// Whether they already liked the viewer.
    public var likedYou: Bool {
        get { storage.fields.likedYou }
        set { storage.fields.likedYou = newValue }
    }
    /// Whether that like was a super like (shown on the card).
    public var superLikedYou: Bool {
        get { storage.fields.superLikedYou }
        set { storage.fields.superLikedYou = newValue }
    }

    /// Creates a candidate.
    public init(
        id: UserID, displayName: String, age: Int, bio: String, interests: [Interest], distanceKm: Int,
        lastActiveAt: Date, likedYou: Bool = false, superLikedYou: Bool = false
    ) {
        storage = CopyOnWrite(
            Fields(
                id: id, displayName: displayName, age: age, bio: bio, interests: interests,
                distanceKm: distanceKm, lastActiveAt: lastActiveAt, likedYou: likedYou,
                superLikedYou: superLikedYou))
    }

    /// Decodes a candidate from the keys of its properties.
    public init(from decoder: any Decoder) throws {
        storage = CopyOnWrite(try Fields(from: decoder))
    }

    /// Encodes the candidate under the keys of its properties.
    public func encode(to encoder: any Encoder) throws {
        try storage.fields.encode(to: encoder)
    }

    /// Whether two candidates hold the same values; copies of one card answer at once.
    ///
    /// Field by field in place, the id first (two different cards differ there); comparing whole
    /// `Fields` values would copy both first. A new field must be added here; a test checks each counts.
    public static func == (lhs: Candidate, rhs: Candidate) -> Bool {
        if lhs.storage.sharesStorage(with: rhs.storage) { return true }
        let left = lhs.storage
        let right = rhs.storage
        return left.fields.id == right.fields.id && left.fields.displayName == right.fields.displayName
            && left.fields.age == right.fields.age && left.fields.distanceKm == right.fields.distanceKm
            && left.fields.likedYou == right.fields.likedYou
            && left.fields.superLikedYou == right.fields.superLikedYou
            && left.fields.lastActiveAt == right.fields.lastActiveAt && left.fields.bio == right.fields.bio
            && left.fields.interests == right.fields.interests
    }

    /// Hashes the candidate's values.
    public func hash(into hasher: inout Hasher) {
        storage.fields.hash(into: &hasher)
    }
}
