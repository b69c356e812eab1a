import Foundation
import Models

extension EmbeddedServer {
    /// Everything the server keeps that a restart must find, as one `Codable` value: what
    /// ``snapshot()`` produces and ``init(restoring:scheduler:configuration:store:)`` starts from.
    ///
    /// It holds the accounts (with their salted password hashes and profiles), the access and refresh
    /// tokens, the sign-in lockouts, every swipe, like and match with the daily allowance used, the
    /// conversations with their messages (edited ones as edited, deleted ones gone), receipts and
    /// unread counts, the transactions a resend is answered from, the blocks, and where the salt and
    /// token generator is (so a restarted server never issues a token again). Left out: the test
    /// knobs (latency, network down, injected failures, held or duplicated events, request counts) and
    /// the live feed's subscribers, which a restarted client makes anew.
    ///
    /// Its file form is JSON (``encoded()``, ``init(decoding:)``), at most ``maximumBytes``, checked
    /// when read: a file that is not a snapshot, of another version, or whose parts do not agree is a
    /// ``SnapshotError``, never a server started empty or half restored.
    public struct Snapshot: Codable, Equatable, Sendable {
        /// The version of the form this build writes and reads.
        public static let currentVersion = 1
        /// The most bytes the file form may have, written or read.
        public static let maximumBytes = 64 << 20

        /// The form's version (``currentVersion``).
        public let version: Int
        let generator: UInt64
        /// The accounts, in the order they were made (the pool's order).
        let accounts: [Account]
        let accessTokens: [String: TokenRecord]
        let refreshTokens: [String: TokenRecord]
        let failures: [UserID: SignInFailures]
        let discovery: DiscoveryState
        let conversations: [String: ChatServerState.Conversation]
        let transactions: [ChatServerState.TransactionKey: Message]
        let nextMessage: Int
        let blocked: Set<String>

        /// How many accounts it holds.
        public var accountCount: Int { accounts.count }

        /// The file form: JSON, keys sorted; ``SnapshotError/tooLarge(bytes:limit:)`` past
        /// ``maximumBytes``.
        public func encoded() throws(SnapshotError) -> Data {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data: Data
            do {
                data = try encoder.encode(self)
            } catch {
                throw .unencodable(Self.reason(error))
            }
            guard data.count <= Self.maximumBytes else {
                throw .tooLarge(bytes: data.count, limit: Self.maximumBytes)
            }
            return data
        }

        /// Just the version, read before the rest.
        fileprivate struct Header: Decodable {
            let version: Int
        }

        /// A short reason a coding failed, naming where.
        fileprivate static func reason(_ error: any Error) -> String {
            switch error {
            case DecodingError.dataCorrupted(let context):
                "\(path(context.codingPath)): \(context.debugDescription)"
            case DecodingError.keyNotFound(let key, let context):
                "\(path(context.codingPath + [key])) is missing"
            case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
                "\(path(context.codingPath)) has the wrong type"
            case EncodingError.invalidValue(_, let context): "\(path(context.codingPath)) cannot be encoded"
            default: "not a snapshot"
            }
        }

        private static func path(_ keys: [any CodingKey]) -> String {
            keys.isEmpty ? "the top" : "'" + keys.map(\.stringValue).joined(separator: ".") + "'"
        }
    }

    // (The reading initializer is in an extension below, which keeps the memberwise one.)

    /// The server's state now, as a ``Snapshot``.
    public func snapshot() -> Snapshot {
        state.withLock { state in
            Snapshot(
                version: Snapshot.currentVersion, generator: state.generator.position,
                accounts: state.accountOrder.compactMap { state.accounts[$0] },
                accessTokens: state.accessTokens, refreshTokens: state.refreshTokens,
                failures: state.failures,
                discovery: state.discovery, conversations: state.chat.conversations,
                transactions: state.chat.transactions, nextMessage: state.chat.nextMessage,
                blocked: state.chat.blocked)
        }
    }

    /// The state a snapshot stands for (the knobs at rest, nobody subscribed), once ``Snapshot/check()``
    /// passed.
    static func state(restoring snapshot: Snapshot) throws(SnapshotError) -> State {
        try snapshot.check()
        var state = State(generator: SeededGenerator(seed: snapshot.generator))
        for account in snapshot.accounts {
            state.accounts[account.user.id] = account
            state.accountOrder.append(account.user.id)
            state.identifiers[account.user.username.lowercased()] = account.user.id
            if let email = account.email { state.identifiers[email.lowercased()] = account.user.id }
        }
        state.accessTokens = snapshot.accessTokens
        state.refreshTokens = snapshot.refreshTokens
        state.failures = snapshot.failures
        state.discovery = snapshot.discovery
        state.chat.conversations = snapshot.conversations
        state.chat.transactions = snapshot.transactions
        state.chat.nextMessage = snapshot.nextMessage
        state.chat.blocked = snapshot.blocked
        return state
    }
}

extension EmbeddedServer.Snapshot {
    /// Reads the file form: at most ``maximumBytes``, JSON of ``currentVersion``, its parts in
    /// agreement (see ``EmbeddedServer/init(restoring:scheduler:configuration:store:)``).
    public init(decoding data: Data) throws(EmbeddedServer.SnapshotError) {
        guard data.count <= Self.maximumBytes else {
            throw .tooLarge(bytes: data.count, limit: Self.maximumBytes)
        }
        let decoder = JSONDecoder()
        let header: Header
        do {
            header = try decoder.decode(Header.self, from: data)
        } catch {
            throw .unreadable("it is not JSON with a version")
        }
        guard header.version == Self.currentVersion else { throw .unsupportedVersion(header.version) }
        do {
            self = try decoder.decode(Self.self, from: data)
        } catch {
            throw .unreadable(Self.reason(error))
        }
        try check()
    }

    /// Checks that the parts agree: one account per id, named by its username; every name and email
    /// belonging to one account; tokens, lockouts and swipes of accounts; matches under their pair's
    /// id; messages in the conversation they are kept in.
    func check() throws(EmbeddedServer.SnapshotError) {
        guard version == Self.currentVersion else { throw .unsupportedVersion(version) }
        var ids: Set<UserID> = []
        var names: Set<String> = []
        for account in accounts {
            let user = account.user
            guard user.id.rawValue == user.username.lowercased(), !user.username.isEmpty else {
                throw .inconsistent("the account '\(user.id)' is not named by its username")
            }
            guard ids.insert(user.id).inserted else {
                throw .inconsistent("the account '\(user.id)' appears twice")
            }
            for name in [user.username.lowercased()] + (account.email.map { [$0.lowercased()] } ?? []) {
                guard names.insert(name).inserted else {
                    throw .inconsistent("the name or email '\(name)' belongs to two accounts")
                }
            }
        }
        for record in Array(accessTokens.values) + Array(refreshTokens.values)
        where !ids.contains(record.user) {
            throw .inconsistent("a token belongs to '\(record.user)', who has no account")
        }
        for user in Array(failures.keys) + Array(discovery.viewers.keys) where !ids.contains(user) {
            throw .inconsistent("'\(user)' has swipes or sign-in failures but no account")
        }
        for (id, pair) in discovery.matches {
            guard pair.first != pair.second, id == Match.id(between: pair.first, and: pair.second) else {
                throw .inconsistent("the match '\(id)' is not kept under its pair's id")
            }
        }
        for (id, conversation) in conversations {
            guard Match.pair(in: id) != nil else { throw .inconsistent("'\(id)' is not a conversation id") }
            if let stray = conversation.messages.first(where: { $0.conversation != id }) {
                throw .inconsistent("the message '\(stray.id)' is kept in another conversation")
            }
        }
        guard nextMessage >= 0 else { throw .inconsistent("the message counter is negative") }
    }
}
