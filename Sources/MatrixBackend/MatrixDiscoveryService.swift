import Foundation
import Models
import Services

/// ``Services/DiscoveryService`` over the discovery room, direct-chat invites and account data.
///
/// Candidates are the other members' profile state events, filtered by the viewer's preferences
/// (age, distance) and without anyone already swiped, matched or liked; people whose invite waits
/// carry ``Models/Candidate/likedYou``. A like invites the candidate to a new private room (a super like says
/// so in the invite's reason); a like on someone whose invite waits joins their room — a match on
/// both sides (a withdrawn invite makes it an ordinary like; likes that crossed become one match:
/// `MatrixCrossedLikes`). Every swipe is kept by id in account data (`MatrixSwipeRecord`, one
/// event per swipe), so a swipe sent twice is applied once, a pass holds on every device, and two
/// devices never overwrite each other's swipes. Matrix has no daily like limit: the backend counts
/// today's likes from that record.
public struct MatrixDiscoveryService: DiscoveryService {
    /// The shared connection.
    public let connection: MatrixConnection

    /// Creates the service.
    public init(connection: MatrixConnection) { self.connection = connection }

    /// Reads a page of candidates from the discovery room's profiles.
    public func fetchCandidates(
        cursor: String?, limit: Int, accessToken: String,
        completion: @escaping ServiceCompletion<DiscoveryPage>
    ) {
        let connection = connection
        connection.run(completion) { () async throws(ServiceError) -> DiscoveryPage in
            let me = try await connection.owner(of: accessToken)
            let now = connection.scheduler.now
            let pool = try await connection.poolRoom(user: me, accessToken: accessToken)
            let account = try await connection.accountData(
                MatrixEventType.account, user: me, accessToken: accessToken)
            let preferences =
                try await connection.accountData(
                    MatrixEventType.preferences, user: me, accessToken: accessToken
                )
                .flatMap(MatrixProfiles.preferences(from:)) ?? .default
            let record = try await MatrixSwipeRecord.load(
                user: me, accessToken: accessToken, connection: connection)
            let ignored =
                try await connection.accountData(
                    "m.ignored_user_list", user: me, accessToken: accessToken)?["ignored_users"]?.objectValue
                ?? [:]
            let listing = try await connection.rooms(user: me, accessToken: accessToken)
            // Likes that crossed (each invited the other) become one match here if it is ours to join.
            let crossed = await MatrixCrossedLikes.resolve(
                listing, user: me, accessToken: accessToken, connection: connection)
            // `GET /rooms/{id}/state` answers a bare JSON array.
            let events = try await connection.http.sendExpectingArray(
                .get, ["rooms", pool, "state"], accessToken: accessToken)
            let location = MatrixAccount.location(of: account)
            let invites = Dictionary(
                listing.invites.map { ($0.inviter, $0) }, uniquingKeysWith: { first, _ in first })
            let excluded = record.swipedCandidates.union(listing.conversations.map { $0.match.user.rawValue })
                .union(listing.likesSent.keys).union(ignored.keys).union(crossed.keys)
            var viewerInterests: [Interest] = []
            var eligible: [Candidate] = []
            for event in events where event["type"]?.stringValue == MatrixEventType.profile {
                guard let owner = event["state_key"]?.stringValue, event["sender"]?.stringValue == owner,
                    let content = event["content"], content.objectValue?.isEmpty == false,
                    let profile = try? MatrixProfiles.read(content, of: owner, now: now)
                else { continue }
                if owner == me {
                    viewerInterests = profile.interests
                    continue
                }
                guard !excluded.contains(owner) else { continue }
                // Anyone can publish any numbers: a distance that is not finite or too far is skipped
                // before it becomes an integer.
                let kilometres = hypot(profile.location.x - location.x, profile.location.y - location.y)
                guard kilometres.isFinite, kilometres.rounded() <= Double(preferences.maximumDistanceKm),
                    preferences.minimumAge...max(preferences.minimumAge, preferences.maximumAge)
                        ~= profile.age
                else { continue }
                let distance = Int(kilometres.rounded())
                let invite = invites[owner]
                eligible.append(
                    Candidate(
                        id: UserID(owner), displayName: profile.displayName, age: profile.age,
                        bio: profile.bio,
                        interests: profile.interests, distanceKm: distance,
                        lastActiveAt: MatrixMessages.timestamp(of: event), likedYou: invite != nil,
                        superLikedYou: invite?.isSuperLike ?? false))
            }
            // The cursor is the last user id shown: the list shrinks as people are swiped, so a
            // position would skip people; ids sorted do not move.
            eligible.sort { $0.id.rawValue < $1.id.rawValue }
            let rest = eligible.filter { cursor == nil || $0.id.rawValue > (cursor ?? "") }
            let page = Array(rest.prefix(max(0, limit)))
            return DiscoveryPage(
                cursor: cursor, candidates: page,
                nextCursor: rest.count > page.count ? page.last?.id.rawValue : nil,
                preferences: preferences, viewerInterests: viewerInterests,
                allowance: record.allowance(at: now, configuration: connection.configuration))
        }
    }

    /// Records a swipe once by id: a pass in account data, a like as an invite (or a join: a match).
    public func sendSwipe(
        _ swipe: Swipe, accessToken: String, completion: @escaping ServiceCompletion<SwipeOutcome>
    ) {
        let connection = connection
        connection.run(completion) { () async throws(ServiceError) -> SwipeOutcome in
            let me = try await connection.owner(of: accessToken)
            var record = try await MatrixSwipeRecord.load(
                user: me, accessToken: accessToken, connection: connection)
            if let earlier = record.outcome(of: swipe.id, viewer: me) {
                return try await MatrixDisplayNames.named(
                    earlier, viewer: me, accessToken: accessToken, connection: connection)
            }
            // Charged to the day it was made, however late it arrives; never to a day after today.
            var swipe = swipe
            swipe.swipedAt = min(swipe.swipedAt, connection.scheduler.now)
            if swipe.action != .pass {
                let allowance = record.allowance(at: swipe.swipedAt, configuration: connection.configuration)
                if allowance.likesRemaining <= 0
                    || (swipe.action == .superLike && allowance.superLikesRemaining <= 0)
                {
                    return .limitReached(resetsAt: allowance.resetsAt)
                }
            }
            var outcome = SwipeOutcome.recorded
            var room: String?
            if swipe.action != .pass {
                (outcome, room) = try await Self.like(
                    swipe, me: me, accessToken: accessToken, connection: connection)
            }
            record.add(swipe, outcome: outcome, room: room)
            try await record.save(swipe.id, user: me, accessToken: accessToken, connection: connection)
            return outcome
        }
    }

    /// Undoes a pass; a like, a super like or an unknown id is rejected.
    public func undoSwipe(id: String, accessToken: String, completion: @escaping ServiceCompletion<Void>) {
        let connection = connection
        connection.run(completion) { () async throws(ServiceError) in
            let me = try await connection.owner(of: accessToken)
            var record = try await MatrixSwipeRecord.load(
                user: me, accessToken: accessToken, connection: connection)
            try record.undoPass(id)
            try await record.save(id, user: me, accessToken: accessToken, connection: connection)
        }
    }

    /// Saves the preferences in account data.
    public func savePreferences(
        _ preferences: SearchPreferences, accessToken: String, completion: @escaping ServiceCompletion<Void>
    ) {
        let connection = connection
        connection.run(completion) { () async throws(ServiceError) in
            let me = try await connection.owner(of: accessToken)
            try await connection.setAccountData(
                MatrixEventType.preferences, MatrixProfiles.content(preferences), user: me,
                accessToken: accessToken)
        }
    }

    /// The shown name of a member of the discovery room (``MatrixDisplayNames``, the one place names
    /// come from).
    static func displayName(
        of user: String, viewer: String, accessToken: String, connection: MatrixConnection
    ) async throws(ServiceError) -> String {
        try await MatrixDisplayNames.name(
            of: user, viewer: viewer, accessToken: accessToken, connection: connection)
    }
}
