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
            guard let pair = Match.pair(in: id) ?? legacyPair(in: id) else { return link }
            return chat + Match.id(between: matrixID(pair.first), and: matrixID(pair.second))
        }
        return link
    }

    /// The two people of a conversation id of the earlier form (`m-alice-bob`) when exactly one of its
    /// `-` splits it into two people of this world (of whom one is the signed-in user, if there is one
    /// and the id has several readings: `m-ann-bob-cat` for `cat` is `ann-bob` and `cat`).
    func legacyPair(in id: String) -> (first: UserID, second: UserID)? {
        guard id.hasPrefix("m-") else { return nil }
        let names = id.dropFirst(2)
        var readings = names.indices.filter { names[$0] == "-" }.compactMap { dash -> (String, String)? in
            let first = String(names[..<dash])
            let second = String(names[names.index(after: dash)...])
            return people[first] != nil && people[second] != nil ? (first, second) : nil
        }
        if readings.count > 1, let me = app.mainFlow.map({ name($0.chat.me) }) {
            readings = readings.filter { $0.0 == me || $0.1 == me }
        }
        return readings.count == 1 ? readings.first.map { (first: UserID($0.0), second: UserID($0.1)) } : nil
    }
}
