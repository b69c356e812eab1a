import Models
import Services

/// An analytics sink that counts the events.
@MainActor
final class CountingAnalytics: AnalyticsSink {
    private(set) var count = 0

    func record(_ event: AnalyticsEvent) { count += 1 }
}
