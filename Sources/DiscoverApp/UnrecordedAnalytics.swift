import Models
import Services

/// The analytics sink of a composed app: events are dropped (a front end with analytics of its own
/// records them where it acts).
@MainActor
final class UnrecordedAnalytics: AnalyticsSink {
    /// Drops the event.
    func record(_ event: AnalyticsEvent) {}
}
