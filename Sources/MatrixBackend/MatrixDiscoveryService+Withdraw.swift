import Foundation
import Models
import Services

/// Taking back a like that has not made a match: the liker leaves the room of their invite.
extension MatrixDiscoveryService {
    /// Withdraws the user's like of `candidate`: leaves and forgets the room whose invite is the like,
    /// while `candidate` has not joined it.
    ///
    /// The invite stays in the candidate's list until their client acts on it: a like back then
    /// finds the liker gone and becomes an ordinary like (see `MatrixDiscoveryService+Like.swift`), so
    /// no match is made. Fails with ``Models/ServiceError/rejected(_:)`` when the like already made a
    /// match (ending it is an unmatch) and ``Models/ServiceError/notFound`` when there is no such like.
    public func withdrawLike(
        of candidate: UserID, accessToken: String, completion: @escaping ServiceCompletion<Void>
    ) {
        let connection = connection
        connection.run(completion) { () async throws(ServiceError) in
            let me = try await connection.owner(of: accessToken)
            let listing = try await connection.rooms(user: me, accessToken: accessToken)
            guard let room = listing.likesSent[candidate.rawValue] else {
                if listing.conversations.contains(where: { $0.match.user == candidate }) {
                    throw .rejected("The like made a match: unmatch instead.")
                }
                throw .notFound
            }
            _ = try await connection.http.send(.post, ["rooms", room, "leave"], accessToken: accessToken)
            _ = try? await connection.http.send(.post, ["rooms", room, "forget"], accessToken: accessToken)
        }
    }
}
