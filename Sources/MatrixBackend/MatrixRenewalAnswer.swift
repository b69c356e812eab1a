import Models
import Synchronization

/// The answer to one renewal: resumed once, with the renewal's result, or with
/// ``Models/ServiceError/tokenRevoked`` when it is dropped unanswered.
final class MatrixRenewalAnswer: Sendable {
    private let continuation: CheckedContinuation<Result<String, ServiceError>, Never>
    private let answered = Atomic<Bool>(false)

    init(_ continuation: CheckedContinuation<Result<String, ServiceError>, Never>) {
        self.continuation = continuation
    }

    /// Resumes the feed with `result`, unless it was resumed already.
    func resume(_ result: Result<String, ServiceError>) {
        guard !answered.exchange(true, ordering: .acquiringAndReleasing) else { return }
        continuation.resume(returning: result)
    }

    deinit { resume(.failure(.tokenRevoked)) }
}
