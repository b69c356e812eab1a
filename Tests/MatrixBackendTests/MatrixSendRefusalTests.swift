import Models
import Testing

@testable import MatrixBackend

/// A message into a room whose other member has gone is refused as the embedded server refuses a
/// message for an ended match.
struct MatrixSendRefusalTests {
    @Test func theOtherPersonLeftOrWasBanned_refusesAsAnEndedMatch() {
        #expect(MatrixChatService.sendRefusal(otherMembership: "leave") == .matchEnded)
        #expect(MatrixChatService.sendRefusal(otherMembership: "ban") == .matchEnded)
        #expect(ServiceError.matchEnded == .rejected("This match has ended."))
    }

    @Test func theOtherPersonJoinedOrInvited_orNoMembershipKnown_sends() {
        #expect(MatrixChatService.sendRefusal(otherMembership: "join") == nil)
        #expect(MatrixChatService.sendRefusal(otherMembership: "invite") == nil)
        #expect(MatrixChatService.sendRefusal(otherMembership: "knock") == nil)
        #expect(MatrixChatService.sendRefusal(otherMembership: nil) == nil)
    }
}
