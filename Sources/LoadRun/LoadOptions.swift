import Foundation

/// The options of `discover load`, checked: a loopback homeserver, and sizes within bounds.
public struct LoadOptions: Hashable, Sendable {
    /// The homeserver, on this machine.
    public var homeserver: URL
    /// How many people.
    public var people: Int
    /// The day's length in minutes.
    public var minutes: Double
    /// The seed of the plan.
    public var seed: UInt64
    /// How many driver processes.
    public var drivers: Int

    /// The most people one run may have.
    public static let maximumPeople = 2_000
    /// The longest day, in minutes.
    public static let maximumMinutes = 60.0
    /// The most driver processes.
    public static let maximumDrivers = 32

    /// Why options were refused.
    public struct Invalid: Error, Hashable, Sendable {
        /// What is wrong.
        public let message: String
    }

    /// Creates options.
    public init(homeserver: URL, people: Int, minutes: Double, seed: UInt64, drivers: Int) {
        self.homeserver = homeserver
        self.people = people
        self.minutes = minutes
        self.seed = seed
        self.drivers = drivers
    }

    /// The number of driver processes for `people` when none is given: one per 25 people, 1 to 8.
    public static func defaultDrivers(for people: Int) -> Int { min(8, max(1, (people + 24) / 25)) }

    /// The options from the command line's values (text, unchecked); a homeserver that is not
    /// `http(s)://127.0.0.1` or `localhost` is refused.
    public static func parse(
        homeserver: String?, people: String?, minutes: String?, seed: String?, drivers: String?
    ) -> Result<LoadOptions, Invalid> {
        guard let homeserver else { return .failure(Invalid(message: "--homeserver <url> is required")) }
        guard let url = URL(string: homeserver), url.scheme == "http" || url.scheme == "https",
            let host = url.host, ["127.0.0.1", "localhost"].contains(host.lowercased())
        else {
            return .failure(
                Invalid(
                    message: "--homeserver '\(homeserver)' is not on this machine (127.0.0.1 or localhost)"))
        }
        guard let count = Int(people ?? "10"), (2...maximumPeople).contains(count) else {
            return .failure(Invalid(message: "--people takes a whole number from 2 to \(maximumPeople)"))
        }
        guard let length = Double(minutes ?? "1"), length.isFinite, length > 0, length <= maximumMinutes
        else {
            return .failure(
                Invalid(message: "--minutes takes a number above 0, at most \(Int(maximumMinutes))"))
        }
        guard let seedValue = UInt64(seed ?? "1") else {
            return .failure(Invalid(message: "--seed takes a whole number (0 or more)"))
        }
        let driverCount = drivers.map { Int($0) } ?? defaultDrivers(for: count)
        guard let driverCount, (1...min(maximumDrivers, count)).contains(driverCount) else {
            return .failure(
                Invalid(message: "--drivers takes a whole number from 1 to the people, at most 32"))
        }
        return .success(
            LoadOptions(
                homeserver: url, people: count, minutes: length, seed: seedValue, drivers: driverCount))
    }
}
