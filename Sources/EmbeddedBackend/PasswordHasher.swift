/// Salted, iterated SHA-256 password hashes for the embedded backend: no plaintext password is kept.
///
/// A stand-in for a production key-derivation function, sized so tests stay fast; the stored form is
/// `rounds$salt$hash` in hex.
public struct PasswordHasher: Sendable {
    /// How many times the digest is applied.
    public let rounds: Int

    /// Creates a hasher.
    public init(rounds: Int = 64) { self.rounds = max(1, rounds) }

    /// The stored form of `password` with `salt`.
    public func hash(_ password: String, salt: [UInt8]) -> String {
        var digest = SHA256.digest(salt + Array(password.utf8))
        for _ in 1..<rounds { digest = SHA256.digest(salt + digest) }
        return "\(rounds)$\(SHA256.hex(salt))$\(SHA256.hex(digest))"
    }

    /// Whether `password` matches a stored form made by ``hash(_:salt:)``; compares in constant time.
    public func verify(_ password: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$")
        guard parts.count == 3, let storedRounds = Int(parts[0]), storedRounds > 0, storedRounds <= 100_000,
            let salt = Self.bytes(fromHex: String(parts[1]))
        else { return false }
        let candidate = PasswordHasher(rounds: storedRounds).hash(password, salt: salt)
        let left = Array(candidate.utf8)
        let right = Array(stored.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func bytes(fromHex hex: String) -> [UInt8]? {
        let characters = Array(hex.utf8)
        guard characters.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 2)
        for index in stride(from: 0, to: characters.count, by: 2) {
            guard let byte = UInt8(String(decoding: characters[index..<index + 2], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}
