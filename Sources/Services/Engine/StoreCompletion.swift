/// How a store tells its caller, on the main actor, that a write is durable or why it failed.
///
/// A file store calls it once the data is on disk (written, flushed with `fsync`, renamed over the
/// old file, the folder flushed too); an in-memory store calls it before `save` returns.
public typealias StoreCompletion = @MainActor @Sendable (Result<Void, StoreError>) -> Void
