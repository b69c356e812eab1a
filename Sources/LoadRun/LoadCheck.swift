/// The final checks of a load run: pure functions over what the drivers recorded
/// (``LoadPersonFacts``), so they are tested without a server.
///
/// Every message sent is shown once, in order, to both sides, by the app and by the server; every
/// match is seen by both; nobody sees a match that ended; unread counts agree before reading and are
/// zero after; every message is shown read once the other side read it; no queue holds an item.
public enum LoadCheck {
    /// Every problem found in `people`'s facts, in a stable order.
    public static func problems(_ people: [LoadPersonFacts]) -> [LoadProblem] {
        let byPerson = Dictionary(people.map { ($0.person, $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [LoadProblem] = []
        for person in people.sorted(by: { $0.person < $1.person }) {
            problems += person.errors.map { .personError(person: person.person, text: $0) }
            problems += lost(person, in: byPerson)
            problems += views(of: person, in: byPerson)
            problems += afterReading(person)
            problems += person.leftInQueues.sorted(by: { $0.key < $1.key }).filter { $0.value > 0 }.map {
                .leftInQueue(person: person.person, queue: $0.key, count: $0.value)
            }
        }
        return problems
    }

    /// The messages `sender` sent that the recipient's app never showed.
    static func lost(_ sender: LoadPersonFacts, in people: [Int: LoadPersonFacts]) -> [LoadProblem] {
        sender.sent.compactMap { message in
            let shown = people[message.recipient]?.shown.contains { $0.text == message.text } ?? false
            return shown ? nil : .lost(text: message.text, recipient: message.recipient)
        }
    }

    /// What is wrong with one person's final views: duplicates, order, missing messages, the two sides
    /// and the server disagreeing, one-sided and ended matches, unread counts.
    static func views(of person: LoadPersonFacts, in people: [Int: LoadPersonFacts]) -> [LoadProblem] {
        var problems: [LoadProblem] = []
        let ended = endedPairs(people)
        for (place, views) in [("app", person.appView), ("server", person.serverView)] {
            for view in views where view.isLive {
                problems += order(view, viewer: person.person, place: place)
                if ended.contains(LoadPair(person.person, view.other)) {
                    problems.append(.endedMatchShown(viewer: person.person, other: view.other, where: place))
                    continue
                }
                let otherViews = place == "app" ? people[view.other]?.appView : people[view.other]?.serverView
                if otherViews?.contains(where: { $0.other == person.person && $0.isLive }) != true {
                    problems.append(
                        .matchSeenByOneSide(viewer: person.person, other: view.other, where: place))
                }
                let expected = sentBetween(person.person, view.other, in: people)
                for text in expected where !view.texts.contains(text) {
                    problems.append(.missing(text: text, viewer: person.person, where: place))
                }
            }
        }
        for view in person.appView where view.isLive {
            let server = person.serverView.first { $0.other == view.other && $0.isLive }
            if let server, server.texts != view.texts {
                problems.append(.appAndServerDisagree(viewer: person.person, other: view.other))
            }
            if let server, server.unreadCount != view.unreadCount {
                problems.append(
                    .unreadCountsDisagree(
                        viewer: person.person, other: view.other, app: view.unreadCount,
                        server: server.unreadCount))
            }
            if view.other > person.person,
                let theirs = people[view.other]?.appView.first(where: {
                    $0.other == person.person && $0.isLive
                }),
                theirs.texts != view.texts
            {
                problems.append(.sidesDisagree(first: person.person, second: view.other))
            }
        }
        return problems
    }

    /// Duplicates in a view, and each sender's messages out of their numbers' order.
    static func order(_ view: LoadConversationView, viewer: Int, place: String) -> [LoadProblem] {
        var problems: [LoadProblem] = []
        var seen: Set<String> = []
        var lastNumber: [Int: Int] = [:]
        var reordered = false
        for text in view.texts {
            if !seen.insert(text).inserted {
                problems.append(.duplicated(text: text, viewer: viewer, where: place))
                continue
            }
            guard let named = LoadMessageText.parse(text) else { continue }
            if named.number < lastNumber[named.sender, default: 0] { reordered = true }
            lastNumber[named.sender] = named.number
        }
        if reordered { problems.append(.reordered(viewer: viewer, other: view.other, where: place)) }
        return problems
    }

    /// After everyone read everything: no unread count in the app or on the server, and every own
    /// message shown read.
    static func afterReading(_ person: LoadPersonFacts) -> [LoadProblem] {
        var problems: [LoadProblem] = []
        for (place, views) in [
            ("app", person.appViewAfterReading), ("server", person.serverViewAfterReading),
        ] {
            for view in views where view.isLive && view.unreadCount > 0 {
                problems.append(
                    .unreadAfterReading(
                        viewer: person.person, other: view.other, count: view.unreadCount, where: place))
            }
        }
        for view in person.appViewAfterReading where view.isLive && view.ownUnread > 0 {
            problems.append(.receiptsMissing(viewer: person.person, other: view.other, count: view.ownUnread))
        }
        return problems
    }

    /// The texts both people sent each other.
    static func sentBetween(_ one: Int, _ other: Int, in people: [Int: LoadPersonFacts]) -> [String] {
        let mine = people[one]?.sent.filter { $0.recipient == other }.map(\.text) ?? []
        let theirs = people[other]?.sent.filter { $0.recipient == one }.map(\.text) ?? []
        return mine + theirs
    }

    /// The pairs whose match one of them ended.
    static func endedPairs(_ people: [Int: LoadPersonFacts]) -> Set<LoadPair> {
        Set(people.values.flatMap { person in person.unmatched.map { LoadPair(person.person, $0) } })
    }
}
