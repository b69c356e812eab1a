import EmbeddedBackend
import Foundation
import MatrixBackend
import Models
import Services
import TestSupport

/// One backend as the contract sees it: services for any number of people on one server, and a way
/// to wait for answers and events.
@MainActor
protocol ContractHarness: AnyObject {
    /// Services for one more device (another person, or the same person elsewhere) on the same server.
    func device() -> AppServices
    /// Runs answers and events until `condition` holds; `false` if it never did.
    func wait(until condition: @MainActor () -> Bool) -> Bool
    /// The clock the backend computes ages and allowances with.
    var now: Date { get }
    /// Whether a live feed `user` subscribed to hears what happens from now on (a feed that first
    /// has to find where "now" is on the server may not yet).
    func feedIsLive(for user: UserID) -> Bool
}

extension ContractHarness {
    /// Calls a service and waits for its answer.
    func call<Value: Sendable>(_ body: (@escaping ServiceCompletion<Value>) -> Void) -> Result<
        Value, ServiceError
    > {
        var outcome: Result<Value, ServiceError>?
        body { outcome = $0 }
        _ = wait { outcome != nil }
        return outcome ?? .failure(.server("no answer"))
    }

    /// Calls a service that must succeed.
    func value<Value: Sendable>(_ body: (@escaping ServiceCompletion<Value>) -> Void) throws -> Value {
        try call(body).get()
    }
}

/// The embedded backend, on virtual time.
@MainActor
final class EmbeddedHarness: ContractHarness {
    let directory = TemporaryDirectory()
    let backend: EmbeddedBackend

    init() {
        backend = EmbeddedBackend(
            storageDirectory: directory.url, configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
    }

    func device() -> AppServices { backend.makeServices() }

    /// The embedded server's feeds hear everything from the moment they are subscribed.
    func feedIsLive(for user: UserID) -> Bool { true }

    func wait(until condition: @MainActor () -> Bool) -> Bool {
        backend.scheduler.runDue()
        return condition()
    }

    var now: Date { backend.scheduler.now }
}

/// The Matrix backend on the test homeserver, in a namespace of its own.
@MainActor
final class MatrixHarness: ContractHarness {
    let directory = TemporaryDirectory()
    let backend: MatrixBackend
    private var devices: [MatrixBackend] = []

    init() throws {
        guard let backend = MatrixTestServer.backend(directory: directory.url) else {
            throw ServiceError.networkUnavailable
        }
        self.backend = backend
    }

    func device() -> AppServices {
        let other = MatrixBackend(
            sharing: backend,
            storageDirectory: directory.url.appendingPathComponent("device-\(devices.count)"))
        devices.append(other)
        return other.makeServices()
    }

    func wait(until condition: @MainActor () -> Bool) -> Bool {
        backend.wait(until: condition, timeout: .seconds(30))
    }

    /// A Matrix feed is live once its first sync found "now" and stored its token (what comes before
    /// that is the list's and the history's to show, not news), on whichever device the user is.
    func feedIsLive(for user: UserID) -> Bool {
        ([backend] + devices).contains { device in
            MatrixSyncTokenStore(directory: device.storageDirectory.appendingPathComponent("sync"))
                .token(of: user.rawValue) != nil
        }
    }

    var now: Date { backend.scheduler.now }
}
