/// Something a load run's final checks found wrong, named for what the people would see.
public enum LoadProblem: Hashable, Sendable, CustomStringConvertible {
    /// A message the recipient's app never showed.
    case lost(text: String, recipient: Int)
    /// A message shown more than once in a conversation (`where`: the app or the server).
    case duplicated(text: String, viewer: Int, where: String)
    /// A sender's messages shown out of the order they were sent in.
    case reordered(viewer: Int, other: Int, where: String)
    /// A message of a conversation that goes on missing from one side's view.
    case missing(text: String, viewer: Int, where: String)
    /// The two sides of a conversation show different messages or a different order.
    case sidesDisagree(first: Int, second: Int)
    /// The app and the server show one person's conversation differently.
    case appAndServerDisagree(viewer: Int, other: Int)
    /// A match one side sees and the other does not.
    case matchSeenByOneSide(viewer: Int, other: Int, where: String)
    /// A match that was ended, still shown.
    case endedMatchShown(viewer: Int, other: Int, where: String)
    /// The app's and the server's unread counts differ.
    case unreadCountsDisagree(viewer: Int, other: Int, app: Int, server: Int)
    /// An unread count left after the person read the conversation.
    case unreadAfterReading(viewer: Int, other: Int, count: Int, where: String)
    /// The person's own messages not shown as read after the other side read them.
    case receiptsMissing(viewer: Int, other: Int, count: Int)
    /// Items left in one of a person's queues at the end.
    case leftInQueue(person: Int, queue: String, count: Int)
    /// Something that went wrong for a person (a failed sign-up, an error shown).
    case personError(person: Int, text: String)
    /// A driver process that did not report.
    case driverMissing(driver: Int, reason: String)

    /// The kind of problem, for the verdict's counts: `lost`, `duplicated`, `reordered`, `left behind`,
    /// or what else the views disagree on.
    public var kind: String {
        switch self {
        case .lost, .missing: "lost"
        case .duplicated: "duplicated"
        case .reordered: "reordered"
        case .leftInQueue: "left behind"
        case .sidesDisagree, .appAndServerDisagree: "views differ"
        case .matchSeenByOneSide, .endedMatchShown: "matches"
        case .unreadCountsDisagree, .unreadAfterReading, .receiptsMissing: "unread and receipts"
        case .personError, .driverMissing: "errors"
        }
    }

    /// What went wrong, in a line.
    public var description: String {
        switch self {
        case .lost(let text, let recipient): "lost: \"\(text)\" never shown to p\(recipient)"
        case .duplicated(let text, let viewer, let place):
            "duplicated: \"\(text)\" shown more than once to p\(viewer) (\(place))"
        case .reordered(let viewer, let other, let place):
            "reordered: p\(viewer)'s conversation with p\(other) (\(place))"
        case .missing(let text, let viewer, let place):
            "missing: \"\(text)\" not in p\(viewer)'s view (\(place))"
        case .sidesDisagree(let first, let second): "the two sides differ: p\(first) and p\(second)"
        case .appAndServerDisagree(let viewer, let other):
            "app and server differ: p\(viewer)'s conversation with p\(other)"
        case .matchSeenByOneSide(let viewer, let other, let place):
            "one-sided match: p\(viewer) sees p\(other), not the other way (\(place))"
        case .endedMatchShown(let viewer, let other, let place):
            "ended match shown: p\(viewer) still sees p\(other) (\(place))"
        case .unreadCountsDisagree(let viewer, let other, let app, let server):
            "unread counts differ: p\(viewer) with p\(other): app \(app), server \(server)"
        case .unreadAfterReading(let viewer, let other, let count, let place):
            "unread after reading: p\(viewer) with p\(other): \(count) (\(place))"
        case .receiptsMissing(let viewer, let other, let count):
            "receipts missing: \(count) of p\(viewer)'s messages to p\(other) not shown read"
        case .leftInQueue(let person, let queue, let count): "left behind: \(count) in p\(person)'s \(queue)"
        case .personError(let person, let text): "p\(person): \(text)"
        case .driverMissing(let driver, let reason): "driver \(driver) did not report: \(reason)"
        }
    }
}
