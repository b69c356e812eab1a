import Models

/// Where flows send analytics events.
@MainActor
public protocol AnalyticsSink: AnyObject {
    /// Records one event.
    func record(_ event: AnalyticsEvent)
}
