import Contexts
import EmbeddedBackend
import Foundation
import Models
import Services
import TestSupport
import Testing

/// One of two backends seeded alike and driven alike, with alice signed in: what the state-copy
/// tests run a context and its copy on, so that both meet the same answers.
@MainActor
final class TwinWorld {
    let directory = TemporaryDirectory()
    let backend: EmbeddedBackend
    let services: AppServices
    let authorizer: RequestAuthorizer

    init(configuration: EmbeddedServerConfiguration) throws {
        backend = EmbeddedBackend(
            storageDirectory: directory.url, configuration: configuration, storesInMemory: true)
        backend.addDemoAccounts()
        services = backend.makeServices()
        var session: Result<AuthSession, ServiceError>?
        services.auth.signIn(Credentials(identifier: "alice", password: "wonderland")) { session = $0 }
        backend.scheduler.runDue()
        let tokens = try #require(try session?.get()).tokens
        authorizer = RequestAuthorizer(tokens: tokens, auth: services.auth) { _ in }
    }

    /// Delivers everything due now.
    func settle() { backend.scheduler.runDue() }
}

/// Numbers from a fixed pseudo-random sequence: a state-copy run repeats exactly.
struct SeededNumbers {
    var state: UInt64

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(max(1, bound)))
    }
}

/// The states one store published, from when it was watched.
@MainActor
final class Published<State: Sendable & Equatable> {
    private(set) var states: [State] = []
    private var token: ObservationToken?

    /// Whether `other` published as many states as this one, ending on the same: what a copy can
    /// promise where timers fall due at the same instant (they run in the order they were set, which a
    /// copy sets anew, so the states between may come in another order).
    func endsAlike(_ other: Published<State>) -> Bool {
        states.count == other.states.count && states.last == other.states.last
    }

    /// Starts again, on `store`.
    func watch(_ store: StateStore<State>) {
        states = []
        token = store.observe { [weak self] state in self?.states.append(state) }
    }
}

/// Where two sequences of published states first part: the index and the properties that differ.
func firstDifference<State: Equatable>(_ copy: [State], _ original: [State]) -> String {
    guard let index = zip(copy, original).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
    else {
        return "counts \(copy.count) and \(original.count)"
    }
    let fields = zip(Mirror(reflecting: copy[index]).children, Mirror(reflecting: original[index]).children)
        .filter { String(describing: $0.value) != String(describing: $1.value) }
        .map { "\($0.label ?? "?"): \($0.value) ≠ \($1.value)" }
    return "state \(index): " + fields.joined(separator: "; ")
}

/// The state-copy check: two contexts over twin worlds take the same seeded inputs; at a few random
/// steps the second is ended and replaced by one made from a copy of the first's `store.state`, and
/// from then on the two must publish alike after every input.
///
/// `make(world, state)` makes the context on world 0 or 1 (from `state` when given); `input` draws
/// one step's input; `apply` applies it to a context and its world. `strict` compares the whole
/// sequences published; otherwise as many states ending on the same one (``Published/endsAlike(_:)``).
@MainActor
func expectCopiesPublishAlike<Context: StateContext, Input>(
    seed: Int, steps: Int, worlds: [TwinWorld], strict: Bool = true,
    make: (Int, Context.State?) throws -> Context,
    input: (inout SeededNumbers) -> Input,
    apply: (Input, Context, TwinWorld, Int) -> Void
) throws {
    var contexts = [try make(0, nil), try make(1, nil)]
    let published = [Published<Context.State>(), Published<Context.State>()]
    for (context, heard) in zip(contexts, published) { heard.watch(context.store) }
    var random = SeededNumbers(state: UInt64(seed))
    let copies = Set((0..<3).map { _ in 2 + random.next(steps * 3 / 4) })
    for step in 0..<steps {
        if copies.contains(step) {
            contexts[1].end()
            contexts[1] = try make(1, contexts[0].store.state)
            for (context, heard) in zip(contexts, published) { heard.watch(context.store) }
        }
        let next = input(&random)
        for (context, world) in zip(contexts, worlds) {
            apply(next, context, world, step)
            world.settle()
        }
        let alike = strict ? published[1].states == published[0].states : published[1].endsAlike(published[0])
        #expect(
            alike,
            "seed \(seed), step \(step), input \(next): \(firstDifference(published[1].states, published[0].states))"
        )
        if !alike { return }
    }
    #expect(published[0].states.count > 1)
}
