/// The endpoint names `server fails next` accepts.
enum EmbeddedEndpointName {
    static let all = [
        "signIn", "signUp", "validate", "refresh", "signOut", "saveProfile", "fetchProfile",
        "fetchCandidates",
        "sendSwipe", "undoSwipe", "savePreferences", "fetchConversations", "fetchMessages", "sendMessage",
        "markRead",
        "setTyping", "unmatch",
    ]
}
