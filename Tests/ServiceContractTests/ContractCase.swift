import Testing

/// The behaviour every backend's services must share, written once and run on each backend.
enum ContractCase: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case signUpThenSignInAnswerTheSameUser
    case signUpWithATakenUsernameIsAccountExists
    case signInWithAWrongPasswordIsInvalidCredentials
    case validateAnswersTheOwnerAndSignOutRevokesTheToken
    case refreshAnswersTokensThatWork
    case aSpentRefreshTokenIsRefusedAsTheSessionEnding
    case aSavedProfileIsWhatOthersRead
    case fetchProfileOfSomeoneUnknownIsNotFound
    case candidatesAreOthersWithinPreferencesAndASwipedOneDoesNotComeBack
    case aSwipeSentTwiceIsAppliedOnce
    case savedPreferencesNarrowTheCandidates
    case onlyAPassCanBeUndone
    case aLikeShowsAsLikedYouAndALikeBackIsAMatchOnBothSides
    case aMessageSentTwiceWithOneTransactionIDIsOneMessage
    case historyPagesNewestFirstWithoutGapsOrRepeats
    case theLiveFeedBringsMessagesReadReceiptsAndTyping
    case unmatchEndsTheConversationForBothSides

    var testDescription: String { rawValue }
}
