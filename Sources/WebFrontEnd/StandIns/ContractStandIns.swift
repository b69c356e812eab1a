// TEMPORARY: minimal stand-ins for the contract's ScreenStack, ViewState, Intent's JSON and
// DiscoverApp, until the lead's (main) and compose's (r27-compose) land. Deleted on merge.
import EmbeddedBackend
import Flows
import Foundation
import Models
import Services

/// Stand-in: why an intent could not be sent.
public enum ScreenStackError: Error, Equatable {
    /// Stand-in.
    case nothingShown, noSuchAction(ActionID), actionDisabled(ActionID), noSuchField(FieldID)
}

/// Stand-in: what is shown.
public struct ViewState: Encodable {
    /// Stand-in.
    var stack: [Screen] = []
    /// Stand-in.
    var modals: [Screen] = []
    /// Stand-in.
    var alert: ScreenAlert?

    /// Stand-in.
    public static func encoder() -> JSONEncoder { JSONEncoder() }
    /// Stand-in.
    public static func decoder() -> JSONDecoder { JSONDecoder() }

    private struct Shown: Encodable {
        let id: String
        let title: String
        let actions: [String]
        let fields: [String]
    }

    /// Stand-in.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        let shown: (Screen) -> Shown = {
            Shown(id: $0.id.rawValue, title: $0.title, actions: $0.actions.map(\.id.rawValue), fields: $0.fields.map(\.id.rawValue))
        }
        try container.encode(1, forKey: .version)
        try container.encode(stack.map(shown), forKey: .stack)
        try container.encode(modals.map(shown), forKey: .modals)
        try container.encode(alert.map { $0.actions.map(\.id.rawValue) }, forKey: .alert)
    }

    private enum Key: CodingKey { case version, stack, modals, alert }
}

extension Intent: Decodable {
    private enum Key: CodingKey { case type, action, field, value }

    /// Stand-in.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        switch try container.decode(String.self, forKey: .type) {
        case "tap": self = .tap(ActionID(try container.decode(String.self, forKey: .action)))
        case "edit":
            self = .edit(
                FieldID(try container.decode(String.self, forKey: .field)), try container.decode(String.self, forKey: .value))
        default: throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "type")
        }
    }
}

/// Stand-in: a presenter keeping what is shown.
@MainActor
public final class ScreenStack: Presenter {
    private var stack: [(Screen, IntentHandler)] = []
    private var modals: [(Screen, IntentHandler)] = []
    private var alert: (ScreenAlert, IntentHandler)?
    /// Stand-in.
    public var onChange: (@MainActor (ViewState) -> Void)?
    /// Stand-in.
    public init() {}
    /// Stand-in.
    public var view: ViewState { ViewState(stack: stack.map(\.0), modals: modals.map(\.0), alert: alert?.0) }
    private func changed() { onChange?(view) }
    /// Stand-in.
    public func setRoot(_ screen: Screen, onIntent: @escaping IntentHandler) {
        (stack, modals, alert) = ([(screen, onIntent)], [], nil)
        changed()
    }
    /// Stand-in.
    public func push(_ screen: Screen, onIntent: @escaping IntentHandler) {
        stack.append((screen, onIntent))
        changed()
    }
    /// Stand-in.
    public func replaceTop(_ screen: Screen, onIntent: @escaping IntentHandler) {
        if !stack.isEmpty { stack.removeLast() }
        push(screen, onIntent: onIntent)
    }
    /// Stand-in.
    public func pop() {
        if stack.count > 1 { stack.removeLast() }
        changed()
    }
    /// Stand-in.
    public func present(_ screen: Screen, onIntent: @escaping IntentHandler) {
        modals.append((screen, onIntent))
        changed()
    }
    /// Stand-in.
    public func dismiss() {
        if !modals.isEmpty { modals.removeLast() }
        changed()
    }
    /// Stand-in.
    public func update(_ screen: Screen) {
        if let index = modals.lastIndex(where: { $0.0.id == screen.id }) {
            modals[index].0 = screen
        } else if let index = stack.lastIndex(where: { $0.0.id == screen.id }) {
            stack[index].0 = screen
        }
        changed()
    }
    /// Stand-in.
    public func showAlert(_ alert: ScreenAlert, onIntent: @escaping IntentHandler) {
        self.alert = (alert, onIntent)
        changed()
    }
    /// Stand-in.
    public func send(_ intent: Intent) throws(ScreenStackError) {
        if let (shown, handler) = alert {
            guard case .tap(let id) = intent, shown.actions.contains(where: { $0.id == id }) else {
                throw .nothingShown
            }
            alert = nil
            changed()
            handler(intent)
            return
        }
        guard let (screen, handler) = modals.last ?? stack.last else { throw .nothingShown }
        switch intent {
        case .tap(let id):
            guard let action = screen.actions.first(where: { $0.id == id }) else { throw .noSuchAction(id) }
            guard action.isEnabled else { throw .actionDisabled(id) }
        case .edit(let id, _):
            guard screen.fields.contains(where: { $0.id == id }) else { throw .noSuchField(id) }
        }
        handler(intent)
    }
}

/// Stand-in: the composition root.
@MainActor
public final class DiscoverApp {
    /// Stand-in.
    public enum Clock { case runLoop, virtual(start: Date) }
    private let backend: EmbeddedBackend
    private let presenter: any Presenter
    private var flow: AppFlow?
    private var isRunning = false
    private final class NoAnalytics: AnalyticsSink { func record(_ event: AnalyticsEvent) {} }
    private let analytics = NoAnalytics()

    private init(backend: EmbeddedBackend, presenter: any Presenter) {
        self.backend = backend
        self.presenter = presenter
    }

    /// Stand-in.
    public static func embedded(
        presenter: any Presenter, storageDirectory: URL, clock: Clock = .runLoop,
        configuration: EmbeddedServerConfiguration = .init()
    ) -> DiscoverApp {
        DiscoverApp(
            backend: EmbeddedBackend(storageDirectory: storageDirectory, start: Date(), configuration: configuration),
            presenter: presenter)
    }

    /// Stand-in.
    public static func matrix(homeserver: URL, presenter: any Presenter, storageDirectory: URL) throws -> DiscoverApp {
        throw CocoaError(.featureUnsupported)
    }

    /// Stand-in.
    public var embeddedServer: EmbeddedServer? { backend.server }

    /// Stand-in.
    public func launch() {
        flow = AppFlow(services: backend.makeServices(), presenter: presenter, analytics: analytics)
        flow?.launch()
        isRunning = true
        backend.scheduler.runDue()
        tick(last: Date())
    }

    private func tick(last: Date) {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.02) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.isRunning else { return }
                let now = Date()
                self.backend.scheduler.advance(by: .milliseconds(Int(now.timeIntervalSince(last) * 1000)))
                self.tick(last: now)
            }
        }
    }

    /// Stand-in.
    public func terminate() {
        isRunning = false
        flow = nil
    }
}
