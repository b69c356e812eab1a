import Foundation

/// A whole load run's plan: every person's script, the matches it means to make and the ones it
/// means to end; made by ``LoadPlanner`` from the seed alone, so every driver process makes the same.
///
/// People live on a line, ``spacingKm`` apart: with the default search distance (50 km) each one's
/// deck holds the ``LoadPlanner/neighbourhood`` people on either side, and each sees the same people
/// that see them, so likes can cross.
public struct LoadPlan: Sendable {
    /// How many people.
    public let people: Int
    /// The day's length in seconds (the steps' times run from 0 to it).
    public let daySeconds: Double
    /// The seed the plan was made from.
    public let seed: UInt64
    /// Every person's script, by index.
    public let scripts: [LoadScript]
    /// The pairs who like each other (a match, when both swipe).
    public let mutualPairs: [LoadPair]
    /// The pairs whose match one of them ends late in the day.
    public let unmatchedPairs: [LoadPair]

    /// How far apart two people next to each other live.
    public static let spacingKm = 10.0
    /// Every person's password.
    public static let password = "load-run-password"

    /// Creates a plan.
    public init(
        people: Int, daySeconds: Double, seed: UInt64, scripts: [LoadScript], mutualPairs: [LoadPair],
        unmatchedPairs: [LoadPair]
    ) {
        self.people = people
        self.daySeconds = daySeconds
        self.seed = seed
        self.scripts = scripts
        self.mutualPairs = mutualPairs
        self.unmatchedPairs = unmatchedPairs
    }

    /// The username of person `index` (`person7`).
    public static func username(of index: Int) -> String { "person\(index)" }

    /// The person a username names (`person7` → 7), if it is one of ours.
    public static func person(ofUsername username: String) -> Int? {
        guard username.hasPrefix("person") else { return nil }
        return Int(username.dropFirst("person".count))
    }

    /// The display name of person `index`.
    public static func displayName(of index: Int) -> String { "Person \(index)" }

    /// Where person `index` lives on the plane (kilometres).
    public static func place(of index: Int) -> (x: Double, y: Double) { (Double(index) * spacingKm, 0) }

    /// The birth date person `index` signs up with (`1990-01-01` to `1999-12-28`): every age within
    /// the default search preferences.
    public static func birthDate(of index: Int) -> String {
        let year = 1990 + index % 10
        let month = 1 + (index / 10) % 12
        let day = 1 + (index / 120) % 28
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// How many messages the plan sends in all.
    public var messageCount: Int { scripts.reduce(0) { $0 + $1.messageCount } }

    /// How many steps the plan has in all.
    public var actionCount: Int { scripts.reduce(0) { $0 + $1.actions.count } }
}
