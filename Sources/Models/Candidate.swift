import Foundation

/// Someone the deck may show: what the discovery service tells about them, relative to the viewer.
///
/// The server gives a rounded distance, never a location. ``likedYou`` lets the client show a match the
/// moment the viewer likes back, even offline; the server confirms it when the swipe arrives.
///
/// A value with copy-on-write storage: a card is copied many times on its way from a page to the
/// screen (ranked, merged, kept by snapshots, read for the top card), and each copy is one reference
/// count instead of one per text and list. Two copies of one card compare equal at once.
///
/// The storage is a ``CopyOnWriteBox`` held directly (not through ``CopyOnWrite``), visible to the
/// module so that reading a field inlines into other modules (the ranker reads a page's cards many
/// times over, the deck's screens each top card): a load, not a call that retains what it returns.
/// It is changed by plain setters after `makeUnique()`; no `_modify`, whose coroutine frame was
/// allocated.
public struct Candidate: Hashable, Codable, Sendable, Identifiable {
    @usableFromInline struct Fields: Hashable, Codable, Sendable {
        @usableFromInline var id: UserID
        @usableFromInline var displayName: String
        @usableFromInline var age: Int
        @usableFromInline var bio: String
        @usableFromInline var interests: [Interest]
        @usableFromInline var distanceKm: Int
        @usableFromInline var lastActiveAt: Date
        @usableFromInline var likedYou: Bool
        @usableFromInline var superLikedYou: Bool
    }

    /// The fields' box, shared by snapshots: written only after `makeUnique()`.
    @usableFromInline typealias Storage = CopyOnWriteBox<Fields>

    @usableFromInline var storage: Storage

    /// Copies the box first if another card shares it.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
    }

    /// Who.
    public var id: UserID {
        @inlinable get { storage.fields.id }
        set {
            makeUnique()
            storage.fields.id = newValue
        }
    }
    /// The shown name.
    public var displayName: String {
        @inlinable get { storage.fields.displayName }
        set {
            makeUnique()
            storage.fields.displayName = newValue
        }
    }
    /// Age in whole years.
    public var age: Int {
        @inlinable get { storage.fields.age }
        set {
            makeUnique()
            storage.fields.age = newValue
        }
    }
    /// The profile text.
    public var bio: String {
        @inlinable get { storage.fields.bio }
        set {
            makeUnique()
            storage.fields.bio = newValue
        }
    }
    /// Their interests.
    public var interests: [Interest] {
        @inlinable get { storage.fields.interests }
        set {
            makeUnique()
            storage.fields.interests = newValue
        }
    }
    /// Distance from the viewer in whole kilometres.
    public var distanceKm: Int {
        @inlinable get { storage.fields.distanceKm }
        set {
            makeUnique()
            storage.fields.distanceKm = newValue
        }
    }
    /// When they last used the app.
    public var lastActiveAt: Date {
        @inlinable get { storage.fields.lastActiveAt }
        set {
            makeUnique()
            storage.fields.lastActiveAt = newValue
        }
    }
    /// Whether they already liked the viewer.
    public var likedYou: Bool {
        @inlinable get { storage.fields.likedYou }
        set {
            makeUnique()
            storage.fields.likedYou = newValue
        }
    }
    /// Whether that like was a super like (shown on the card).
    public var superLikedYou: Bool {
        @inlinable get { storage.fields.superLikedYou }
        set {
            makeUnique()
            storage.fields.superLikedYou = newValue
        }
    }

    /// Creates a candidate.
    public init(
        id: UserID, displayName: String, age: Int, bio: String, interests: [Interest], distanceKm: Int,
        lastActiveAt: Date, likedYou: Bool = false, superLikedYou: Bool = false
    ) {
        storage = Storage(
            Fields(
                id: id, displayName: displayName, age: age, bio: bio, interests: interests,
                distanceKm: distanceKm, lastActiveAt: lastActiveAt, likedYou: likedYou,
                superLikedYou: superLikedYou))
    }

    /// Decodes a candidate from the keys of its properties.
    public init(from decoder: any Decoder) throws {
        storage = Storage(try Fields(from: decoder))
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
        if lhs.storage === rhs.storage { return true }
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
