import Models

/// Deep links as a scenario spells them (`discover://chat/m-alice~bob`), made this server's.
extension MatrixScenarioWorld {
    /// A deep link with scenario names replaced by Matrix ids; other links unchanged.
    func backendLink(_ link: String) -> String {
        let profile = "discover://profile/"
        let chat = "discover://chat/"
        if link.hasPrefix(profile), !link.contains("@") {
            return profile + matrixID(UserID(String(link.dropFirst(profile.count)))).rawValue
        }
        if link.hasPrefix(chat) {
            let id = String(link.dropFirst(chat.count))
            guard let pair = Match.pair(in: id) else { return link }
            return chat + Match.id(between: matrixID(pair.first), and: matrixID(pair.second))
        }
        return link
    }
}
