import DiscoverApp
import EmbeddedBackend
import Flows
import Foundation
import GenericScreens
import Models
import Services

/// One browser session: one engine (``DiscoverApp/DiscoverApp``) showing into one ``Flows/ScreenStack``, the event
/// streams watching it, and a storage folder of its own (in the data folder, ``WebDataFolder``).
///
/// Made again over the same folder (after the server restarted), the engine restores what it
/// stored: the person signed in, their queued swipes and unsent messages.
///
/// Lives on the main actor, like the engine; the server's connection threads reach it only through
/// ``WebRoutes``, which hops here.
@MainActor
public final class WebSession {
    /// The session's id: random, unguessable, used in its paths.
    public let id: String

    private let stack = GenericScreenStack()
    private let directory: URL
    private var app: DiscoverApp?
    private var streams: [ObjectIdentifier: EventStream] = [:]
    private let encoder = ViewState.encoder()

    /// Since when no event stream has watched the session (and no request reached it), or `nil`
    /// while one does: a closed browser tab leaves it idle, and ``WebSessions`` removes it later.
    public private(set) var idleSince: Date?

    /// Makes the engine on `backend` with its files in `directory` (made owner-only if missing) and
    /// launches it (idle from `now` until a stream watches it); on the embedded backend it runs on
    /// `world`, the server the sessions share (a fresh one with the demo people when `nil`).
    public init(id: String, backend: WebBackend, world: EmbeddedServer? = nil, directory: URL, now: Date)
        throws(WebSessionError)
    {
        self.id = id
        idleSince = now
        self.directory = directory
        do {
            try AtomicFile.createDirectory(directory)
        } catch {
            throw .cannotStart("cannot make a storage folder: \(error)")
        }
        let app: DiscoverApp
        switch backend {
        case .embedded:
            app =
                world.map { DiscoverApp.embedded(on: $0, presenter: stack, storageDirectory: directory) }
                ?? DiscoverApp.embedded(presenter: stack, storageDirectory: directory)
        case .matrix(let homeserver):
            do {
                app = try DiscoverApp.matrix(
                    homeserver: homeserver, presenter: stack, storageDirectory: directory)
            } catch {
                try? FileManager.default.removeItem(at: directory)
                throw .cannotStart("cannot start on \(homeserver.absoluteString): \(error)")
            }
        }
        self.app = app
        stack.onChange = { [weak self] view in self?.broadcast(view) }
        app.launch()
    }

    /// The view now, as the JSON form.
    public func viewJSON() -> Data { encode(stack.view) }

    /// Sends the intent in `body` (its JSON form) to what is shown and answers the view after it.
    public func send(intentJSON body: [UInt8]) -> Result<Data, WebSessionError> {
        let intent: Intent
        do {
            intent = try ViewState.decoder().decode(Intent.self, from: Data(body))
        } catch {
            return .failure(.badBody("the body is not an intent: \(Self.reason(error))"))
        }
        do {
            try stack.send(intent)
        } catch {
            return .failure(.conflict(Self.sentence(error)))
        }
        return .success(viewJSON())
    }

    /// Acts the knob in `body` (its JSON form) on the embedded server.
    public func knob(_ body: [UInt8]) -> Result<Void, WebSessionError> {
        let knob: WebKnob
        do {
            knob = try JSONDecoder().decode(WebKnob.self, from: Data(body))
        } catch {
            return .failure(.badBody("the body is not a knob: \(Self.reason(error))"))
        }
        guard let server = app?.embeddedServer else {
            return .failure(.conflict("knobs act on the embedded backend only"))
        }
        guard let me = app?.signedInUser else { return .failure(.conflict("nobody is signed in")) }
        return knob.act(on: server, towards: me)
    }

    /// Counts a request as use: an idle session is idle from `now` on.
    public func touch(at now: Date) {
        if idleSince != nil { idleSince = now }
    }

    /// Adds an event stream: it gets the view at once, then every change.
    public func subscribe(_ stream: EventStream) {
        streams[ObjectIdentifier(stream)] = stream
        idleSince = nil
        stream.send(event: "view", data: String(decoding: viewJSON(), as: UTF8.self))
    }

    /// Removes an event stream that ended at `now`.
    public func unsubscribe(_ stream: EventStream, at now: Date) {
        streams[ObjectIdentifier(stream)] = nil
        if streams.isEmpty { idleSince = now }
    }

    /// How many event streams watch the session.
    public var streamCount: Int { streams.count }

    /// How long after ``close(removingFiles:)`` the storage folder is removed a second time: a save the engine
    /// queued before it was torn down may still land and recreate it.
    public static let lateWriteGrace: Duration = .seconds(1)

    /// Tears the engine down: streams closed, app terminated; with `removingFiles`, its storage folder
    /// removed (now, and once more after ``lateWriteGrace``), else kept for the session to be made
    /// again (the server is stopping and keeps its data).
    public func close(removingFiles: Bool = true) {
        stack.onChange = nil
        for stream in streams.values { stream.close() }
        streams = [:]
        app?.terminate()
        app = nil
        guard removingFiles else { return }
        let directory = directory
        try? FileManager.default.removeItem(at: directory)
        let grace = Double(Self.lateWriteGrace.components.seconds)
        DispatchQueue.global().asyncAfter(deadline: .now() + grace) {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    private func broadcast(_ view: ViewState) {
        guard !streams.isEmpty else { return }
        let data = String(decoding: encode(view), as: UTF8.self)
        for stream in streams.values { stream.send(event: "view", data: data) }
    }

    private func encode(_ view: ViewState) -> Data {
        (try? encoder.encode(view)) ?? Data(#"{"error":"the view could not be encoded"}"#.utf8)
    }

    private static func sentence(_ error: ScreenStackError) -> String {
        switch error {
        case .nothingShown: "nothing is shown"
        case .noSuchAction(let id): "no action '\(id)' is shown"
        case .actionDisabled(let id): "the action '\(id)' is disabled"
        case .noSuchField(let id): "no field '\(id)' is shown"
        }
    }

    /// A short reason a decoding failed, without the decoder's internals.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "'\(key.stringValue)' is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        default: "not JSON"
        }
    }
}
