/// What a handler answers a request with: one response, or a stream of server-sent events.
public enum HTTPReply: Sendable {
    /// One response; the connection closes after it.
    case response(HTTPResponse)
    /// A `text/event-stream` that stays open: `opened` gets the stream once its headers are sent
    /// (send the first event then), `closed` once it ended (the client left, or it was closed).
    case events(opened: @Sendable (EventStream) -> Void, closed: @Sendable (EventStream) -> Void)
}
