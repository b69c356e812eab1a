/// A load run's figures, worked out from the drivers' reports: what the table prints.
public struct LoadFigures: Hashable, Sendable {
    /// How many people.
    public var people = 0
    /// How many driver processes.
    public var drivers = 0
    /// Steps done, all people together.
    public var actions = 0
    /// Steps skipped (a message to a match that did not happen, no card to swipe).
    public var skipped = 0
    /// Messages sent.
    public var messages = 0
    /// Messages per second over the day's chat window.
    public var messagesPerSecond = 0.0
    /// Send to shown-to-the-other-side, median, in seconds (messages seen live only).
    public var latencyMedian = 0.0
    /// The 99th percentile of the same.
    public var latencyP99 = 0.0
    /// The largest of the same.
    public var latencyMax = 0.0
    /// Messages first shown by the final checks' reading rather than live.
    public var shownAtCheck = 0
    /// The engines' CPU time per person (every driver's process time over its people), in seconds.
    public var cpuSecondsPerPerson = 0.0
    /// The engines' memory per person (peak over baseline resident memory, over its people), in bytes.
    public var memoryBytesPerPerson = 0
    /// The bytes of `/sync` answers per person.
    public var syncBytesPerPerson = 0
    /// The drivers' main threads' busy share of the wall time: the largest, from 0 to 1.
    public var busiestMainThread = 0.0
    /// The longest driver's wall time, in seconds.
    public var wallSeconds = 0.0

    /// Creates empty figures.
    public init() {}

    /// The figures of `reports`, for a day whose messages are sent over `chatSeconds` seconds.
    public static func from(_ reports: [LoadDriverReport], chatSeconds: Double) -> LoadFigures {
        var figures = LoadFigures()
        let people = reports.flatMap(\.people)
        figures.people = people.count
        figures.drivers = reports.count
        figures.actions = people.reduce(0) { $0 + $1.actionsDone }
        figures.skipped = people.reduce(0) { $0 + $1.skipped.values.reduce(0, +) }
        figures.messages = people.reduce(0) { $0 + $1.sent.count }
        figures.messagesPerSecond = chatSeconds > 0 ? Double(figures.messages) / chatSeconds : 0
        let latencies = latencies(people)
        figures.latencyMedian = percentile(latencies, 0.5)
        figures.latencyP99 = percentile(latencies, 0.99)
        figures.latencyMax = latencies.max() ?? 0
        figures.shownAtCheck = people.reduce(0) { $0 + $1.shown.count(where: \.atCheck) }
        let count = Double(max(1, people.count))
        figures.cpuSecondsPerPerson = reports.reduce(0) { $0 + $1.cpuSeconds } / count
        figures.memoryBytesPerPerson =
            reports.reduce(0) { $0 + max(0, $1.peakMemoryBytes - $1.baselineMemoryBytes) }
            / max(1, people.count)
        figures.syncBytesPerPerson = people.reduce(0) { $0 + $1.syncBytes } / max(1, people.count)
        figures.busiestMainThread =
            reports.map { $0.wallSeconds > 0 ? $0.mainThreadSeconds / $0.wallSeconds : 0 }.max() ?? 0
        figures.wallSeconds = reports.map(\.wallSeconds).max() ?? 0
        return figures
    }

    /// Each message's time from its sender's tap to its first showing in the recipient's app, in
    /// seconds, for the messages shown live.
    public static func latencies(_ people: [LoadPersonFacts]) -> [Double] {
        var shown: [String: LoadShownMessage] = [:]
        for person in people {
            for message in person.shown { shown[message.text] = message }
        }
        return people.flatMap(\.sent).compactMap { sent in
            guard let seen = shown[sent.text], !seen.atCheck else { return nil }
            return max(0, seen.shownAt - sent.sentAt)
        }
    }

    /// The `fraction` percentile of `values` (nearest rank); 0 for none.
    public static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(sorted.count - 1, max(0, rank))]
    }
}
