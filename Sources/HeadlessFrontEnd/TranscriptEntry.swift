import Foundation
import GenericScreens
import Models

/// One line of what happened in a headless run, stamped with the virtual time.
public struct TranscriptEntry: Hashable, Sendable, CustomStringConvertible {
    /// What kind of thing happened.
    public enum Kind: Hashable, Sendable {
        /// A screen was shown: its id and its rendered text.
        case screen(ScreenID, String)
        /// The shown screen was re-rendered: its id and the lines that changed.
        case screenUpdate(ScreenID, String)
        /// An alert appeared: its rendered text.
        case alert(String)
        /// The user (or a script) sent an intent, described without field values.
        case intent(String)
        /// A flow fired an analytics event.
        case analytics(AnalyticsEvent)
        /// An error reached the root of the flow tree unhandled.
        case error(String)
        /// A note from the driver (launch, relaunch, time moved, a deep link opened).
        case note(String)
    }

    /// The virtual time.
    public let time: Date
    /// What happened.
    public let kind: Kind

    /// Creates an entry.
    public init(time: Date, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// The entry as transcript text.
    public var description: String {
        let stamp = ISO8601DateFormatter().string(from: time)
        switch kind {
        case .screen(_, let text): return "[\(stamp)] screen\n\(text)"
        case .screenUpdate(let id, let text): return "[\(stamp)] screen \(id) now shows\n\(text)"
        case .alert(let text): return "[\(stamp)] alert\n\(text)"
        case .intent(let text): return "[\(stamp)] > \(text)"
        case .analytics(let event): return "[\(stamp)] event \(event)"
        case .error(let text): return "[\(stamp)] error \(text)"
        case .note(let text): return "[\(stamp)] -- \(text)"
        }
    }
}
