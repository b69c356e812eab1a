import Dispatch
import Foundation
import Synchronization

/// One open `text/event-stream` response: events written in order on its own queue, a keep-alive
/// comment every ``keepAliveInterval``, and a close any thread may ask for.
///
/// Writing never blocks the caller (the engine on the main actor): each write is queued, and a
/// client that stops reading fails a write at the socket's write timeout, which closes the stream.
/// The connection that opened the stream owns the socket and releases it after ``close()`` and
/// the queued writes are done.
public final class EventStream: Sendable {
    /// How often a comment line keeps an idle stream (and any proxy on the way) open.
    public static let keepAliveInterval: Duration = .seconds(15)

    private let descriptor: Int32
    private let queue = DispatchQueue(label: "discover.web.event-stream")
    private let isClosedFlag = Mutex(false)

    init(descriptor: Int32) {
        self.descriptor = descriptor
        scheduleKeepAlive()
    }

    /// Whether the stream ended (written no more).
    public var isClosed: Bool { isClosedFlag.withLock { $0 } }

    /// Sends one event: `event: <name>` and the data, one `data:` line per line of it.
    public func send(event name: String, data: String) {
        let lines = data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }
        write("event: \(name)\n" + lines.joined() + "\n")
    }

    /// Ends the stream: nothing more is written and the client sees the end.
    public func close() {
        let wasClosed = isClosedFlag.withLock { closed in
            defer { closed = true }
            return closed
        }
        if !wasClosed { Socket.shutdown(descriptor) }
    }

    /// Waits until every write queued so far is done or dropped (before the owner releases the socket).
    func drain() { queue.sync {} }

    private func write(_ text: String) {
        queue.async { [self] in
            guard !isClosed else { return }
            if !Socket.send(descriptor, Data(text.utf8)) { close() }
        }
    }

    private func scheduleKeepAlive() {
        let interval = Self.keepAliveInterval.components
        let delay = Double(interval.seconds) + Double(interval.attoseconds) / 1e18
        queue.asyncAfter(deadline: .now() + delay) { [weak self] in
            guard let self, !self.isClosed else { return }
            self.write(": keep-alive\n\n")
            self.scheduleKeepAlive()
        }
    }
}
