import Foundation
import Models
import Services

/// Records everything a headless run shows, every intent and every analytics event, with the time.
///
/// It is also the run's ``Services/AnalyticsSink``. It holds no secrets: screens and intents show a
/// secure field's text as `•••` whatever its length (``SecretMask``), and tokens never reach a
/// screen or an event.
@MainActor
public final class Transcript: AnalyticsSink {
    /// Everything recorded, oldest first.
    public private(set) var entries: [TranscriptEntry] = []
    /// Every analytics event recorded, oldest first.
    public private(set) var events: [AnalyticsEvent] = []
    private let clock: any Scheduler
    private let echo: (@MainActor (TranscriptEntry) -> Void)?

    /// Creates a transcript stamping entries with `clock`'s time; `echo` sees each entry as it comes.
    public init(clock: any Scheduler, echo: (@MainActor (TranscriptEntry) -> Void)? = nil) {
        self.clock = clock
        self.echo = echo
    }

    /// Appends an entry.
    public func append(_ kind: TranscriptEntry.Kind) {
        let entry = TranscriptEntry(time: clock.now, kind: kind)
        entries.append(entry)
        echo?(entry)
    }

    /// Records an analytics event.
    public func record(_ event: AnalyticsEvent) {
        events.append(event)
        append(.analytics(event))
    }

    /// The ids of the screens shown, in order, a screen shown again right after itself counted once.
    public var screenSequence: [ScreenID] { screenSequence(since: 0) }

    /// The ids of the screens shown from entry `start` on, as ``screenSequence``.
    public func screenSequence(since start: Int) -> [ScreenID] {
        var sequence: [ScreenID] = []
        for entry in entries.dropFirst(start) {
            if case .screen(let id, _) = entry.kind, sequence.last != id { sequence.append(id) }
        }
        return sequence
    }

    /// The whole transcript as text.
    public var text: String { entries.map(\.description).joined(separator: "\n") }
}
