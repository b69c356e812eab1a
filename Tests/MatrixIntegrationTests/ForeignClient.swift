import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Another Matrix client, played by a test with raw Client-Server API calls: plain `URLSession`
/// requests and `JSONSerialization`, none of ``MatrixBackend``'s code, so what it checks is independent
/// of the code under test.
///
/// Calls are synchronous (the request runs on URLSession's own queue while the caller waits), so a
/// `@MainActor` test reads as a script: `dora.send(text: "hello", to: room)`. Every call throws a
/// ``ForeignClientError`` on a transport failure, an error status or an answer that is not JSON.
final class ForeignClient {
    /// The homeserver's base address.
    let homeserver: URL
    /// The signed-in user (`@ns.dora:localhost`).
    let userID: String
    /// The session's access token.
    let accessToken: String
    /// The session's device.
    let deviceID: String
    private var transactions = 0

    private init(homeserver: URL, userID: String, accessToken: String, deviceID: String) {
        self.homeserver = homeserver
        self.userID = userID
        self.accessToken = accessToken
        self.deviceID = deviceID
    }

    // MARK: Accounts

    /// Registers `localpart` with the dummy auth stage and answers its signed-in client.
    static func register(_ localpart: String, password: String = "correct horse", on homeserver: URL)
        throws(ForeignClientError) -> ForeignClient
    {
        let answer = try call(
            homeserver, "POST", ["register"],
            body: [
                "username": localpart, "password": password, "auth": ["type": "m.login.dummy"],
                "initial_device_display_name": "ForeignClient",
            ])
        return try signedIn(homeserver, answer)
    }

    /// Signs in `user` (a localpart or a full user id) with a password: a new device.
    static func login(_ user: String, password: String = "correct horse", on homeserver: URL)
        throws(ForeignClientError) -> ForeignClient
    {
        let answer = try call(
            homeserver, "POST", ["login"],
            body: [
                "type": "m.login.password", "identifier": ["type": "m.id.user", "user": user],
                "password": password, "initial_device_display_name": "ForeignClient",
            ])
        return try signedIn(homeserver, answer)
    }

    private static func signedIn(_ homeserver: URL, _ answer: [String: Any]) throws(ForeignClientError)
        -> ForeignClient
    {
        guard let userID = answer["user_id"] as? String, let token = answer["access_token"] as? String
        else { throw .malformed("no user_id or access_token in \(answer)") }
        return ForeignClient(
            homeserver: homeserver, userID: userID, accessToken: token,
            deviceID: answer["device_id"] as? String ?? "")
    }

    /// Sets the user's global display name (and so their member event in every joined room).
    func setDisplayName(_ name: String) throws(ForeignClientError) {
        _ = try request("PUT", ["profile", userID, "displayname"], body: ["displayname": name])
    }

    // MARK: Rooms

    /// Creates a room, inviting `invite`; answers its id.
    func createRoom(
        invite: [String] = [], preset: String = "trusted_private_chat", isDirect: Bool = true
    ) throws(ForeignClientError) -> String {
        let answer = try request(
            "POST", ["createRoom"], body: ["preset": preset, "invite": invite, "is_direct": isDirect])
        return try string("room_id", in: answer)
    }

    /// Invites `user` to `room`, with an optional reason.
    func invite(_ user: String, to room: String, reason: String? = nil) throws(ForeignClientError) {
        var body: [String: Any] = ["user_id": user]
        if let reason { body["reason"] = reason }
        _ = try request("POST", ["rooms", room, "invite"], body: body)
    }

    /// Joins a room by id or alias; answers its id.
    func join(_ room: String) throws(ForeignClientError) -> String {
        try string("room_id", in: request("POST", ["join", room], body: [:]))
    }

    /// Leaves a room.
    func leave(_ room: String) throws(ForeignClientError) {
        _ = try request("POST", ["rooms", room, "leave"], body: [:])
    }

    /// The rooms the user has joined.
    func joinedRooms() throws(ForeignClientError) -> [String] {
        try request("GET", ["joined_rooms"])["joined_rooms"] as? [String] ?? []
    }

    /// The ids of the users joined to `room`.
    func joinedMembers(of room: String) throws(ForeignClientError) -> [String] {
        let answer = try request("GET", ["rooms", room, "joined_members"])
        return ((answer["joined"] as? [String: Any]) ?? [:]).keys.sorted()
    }

    // MARK: Reading

    /// One `/sync`: from `since` if given, with an optional filter (JSON object), waiting up to
    /// `timeout` milliseconds.
    func sync(since: String? = nil, filter: [String: Any]? = nil, timeout: Int = 0)
        throws(ForeignClientError) -> [String: Any]
    {
        var query = ["timeout": String(timeout)]
        if let since { query["since"] = since }
        if let filter { query["filter"] = try Self.text(filter) }
        return try request("GET", ["sync"], query: query)
    }

    /// A page of `/messages` (`dir` `b`: newest first).
    func messages(
        in room: String, from: String? = nil, dir: String = "b", limit: Int = 50, filter: [String: Any]? = nil
    ) throws(ForeignClientError) -> [String: Any] {
        var query = ["dir": dir, "limit": String(limit)]
        if let from { query["from"] = from }
        if let filter { query["filter"] = try Self.text(filter) }
        return try request("GET", ["rooms", room, "messages"], query: query)
    }

    /// The user's account data of `type`, or `nil` if there is none.
    func accountData(_ type: String) throws(ForeignClientError) -> [String: Any]? {
        do {
            return try request("GET", ["user", userID, "account_data", type])
        } catch .status(404, _) {
            return nil
        }
    }

    /// Replaces the user's account data of `type`.
    func setAccountData(_ type: String, _ content: [String: Any]) throws(ForeignClientError) {
        _ = try request("PUT", ["user", userID, "account_data", type], body: content)
    }

    // MARK: HTTP

    /// Any Client-Server API call under `/_matrix/client/v3/`, signed in; answers the JSON object.
    func request(
        _ method: String, _ path: [String], query: [String: String] = [:], body: [String: Any]? = nil
    )
        throws(ForeignClientError) -> [String: Any]
    {
        try Self.call(homeserver, method, path, query: query, body: body, accessToken: accessToken)
    }

    func nextTransaction() -> String {
        transactions += 1
        return "foreign-\(transactions)-\(UUID().uuidString)"
    }

    func string(_ key: String, in answer: [String: Any]) throws(ForeignClientError) -> String {
        guard let value = answer[key] as? String else { throw .malformed("no \(key) in \(answer)") }
        return value
    }

    private static func text(_ object: [String: Any]) throws(ForeignClientError) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object) else {
            throw .malformed("not JSON: \(object)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func call(
        _ homeserver: URL, _ method: String, _ path: [String], query: [String: String] = [:],
        body: [String: Any]? = nil, accessToken: String? = nil
    ) throws(ForeignClientError) -> [String: Any] {
        // Each segment percent-encoded on its own (room ids hold `!` and `:`, user ids `@`).
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let segments = path.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }
        let base =
            homeserver.absoluteString.hasSuffix("/")
            ? String(homeserver.absoluteString.dropLast()) : homeserver.absoluteString
        guard
            var components = URLComponents(
                string: base + "/_matrix/client/v3/" + segments.joined(separator: "/"))
        else { throw .malformed("bad path \(path)") }
        if !query.isEmpty {
            components.queryItems = query.sorted { $0.key < $1.key }.map {
                URLQueryItem(name: $0.key, value: $0.value)
            }
        }
        guard let url = components.url else { throw .malformed("bad query \(query)") }
        var request = URLRequest(url: url, timeoutInterval: 90)
        request.httpMethod = method
        if let accessToken { request.setValue("Bearer \(accessToken)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try Data(text(body).utf8)
        }
        let (status, data) = try perform(request)
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        guard (200..<300).contains(status) else {
            throw .status(status, String(decoding: data.prefix(500), as: UTF8.self))
        }
        guard let object else { throw .malformed("\(method) \(path): not a JSON object") }
        return object
    }

    /// Runs one request on URLSession's queue and waits for it.
    private static func perform(_ request: URLRequest) throws(ForeignClientError) -> (Int, Data) {
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            let result: Result<(Int, Data), ForeignClientError>
            if let status = (response as? HTTPURLResponse)?.statusCode {
                result = .success((status, data ?? Data()))
            } else {
                result = .failure(.transport(error.map { "\($0)" } ?? "no answer"))
            }
            answer.value.withLock { $0 = result }
            done.signal()
        }
        .resume()
        done.wait()
        guard let result = answer.value.withLock({ $0 }) else { throw .transport("no answer") }
        return try result.get()
    }

    private final class Answer: Sendable {
        let value = Mutex<Result<(Int, Data), ForeignClientError>?>(nil)
    }
}
