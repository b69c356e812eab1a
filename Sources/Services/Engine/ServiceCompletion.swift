import Models

/// How a service delivers a result: on the main actor, through the injected scheduler.
public typealias ServiceCompletion<Value> = @MainActor @Sendable (Result<Value, ServiceError>) -> Void
