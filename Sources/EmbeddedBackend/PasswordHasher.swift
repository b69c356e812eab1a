import Models

/// Salted, iterated SHA-256 password hashes for the embedded backend: no plaintext password is kept.
///
/// A stand-in for a production key-derivation function, sized so tests stay fast; the stored form is
/// `rounds$salt$hash`, the salt and the hash in lowercase hex.
public struct PasswordHasher: Sendable {
    /// How many times the digest is applied.
    public let rounds: Int

    /// The most rounds a stored form may ask for; more is refused rather than computed.
    static let maximumRounds = 100_000

    /// Creates a hasher.
    public init(rounds: Int = 64) { self.rounds = max(1, rounds) }

    /// The stored form of `password` with `salt`.
    public func hash(_ password: String, salt: [UInt8]) -> String {
        Self.storedForm(password, salt: salt, rounds: rounds)
    }

    /// Whether `password` matches a stored form made by ``hash(_:salt:)``; compares in constant time.
    ///
    /// The stored text is read as `rounds$salt$digest` (fields split on `$`, empty ones skipped). Only a
    /// canonical form can ever match (decimal rounds without sign or leading zeros, lowercase hex), so
    /// anything else is refused without hashing.
    public func verify(_ password: String, against stored: String) -> Bool {
        let fields = stored.utf8.split(separator: UInt8(ascii: "$"))
        guard fields.count == 3, let storedRounds = Self.rounds(fields[0]),
            let salt = Self.bytes(hex: fields[1])
        else { return false }
        let candidate = Array(Self.storedForm(password, salt: salt, rounds: storedRounds).utf8)
        let expected = Array(stored.utf8)
        guard candidate.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (one, other) in zip(candidate, expected) { difference |= one ^ other }
        return difference == 0
    }

    // MARK: Internals

    /// `rounds$salt$digest`: the salt, then the digest of the salt and the password's UTF-8 bytes
    /// digested again with the salt until `rounds` digests are done, in hex.
    private static func storedForm(_ password: String, salt: [UInt8], rounds: Int) -> String {
        var digest = SHA256.digest(salt + Array(password.utf8))
        for _ in 1..<max(1, rounds) { digest = SHA256.digest(salt + digest) }
        return "\(rounds)$\(SHA256.hex(salt))$\(SHA256.hex(digest))"
    }

    /// The rounds a stored form asks for: canonical decimal digits (no sign, no leading zero) from 1
    /// through ``maximumRounds``.
    private static func rounds(_ digits: Substring.UTF8View) -> Int? {
        guard let first = digits.first, first != UInt8(ascii: "0"), digits.count <= 6,
            digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let value = Int(String(decoding: digits, as: UTF8.self)), value <= maximumRounds
        else { return nil }
        return value
    }

    /// The bytes lowercase hex (an even number of digits) stands for; `nil` for anything else.
    private static func bytes(hex: Substring.UTF8View) -> [UInt8]? {
        let digits = Array(hex)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1])
            else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// The value of a lowercase ASCII hex digit (`0`–`9`, `a`–`f`), or `nil` for any other byte.
    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
