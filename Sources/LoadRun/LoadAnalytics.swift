import Models
import Services

/// The analytics sink of a load run's engines: events are dropped (a load run measures the engine,
/// not an analytics pipeline).
@MainActor
final class LoadAnalytics: AnalyticsSink {
    /// Drops the event.
    func record(_ event: AnalyticsEvent) {}
}
