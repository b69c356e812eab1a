import Models

/// Salted, iterated SHA-256 password hashes for the embedded backend: no plaintext password is kept.
///
/// A stand-in for a production key-derivation function, sized so tests stay fast; the stored form is
/// `rounds$salt$hash` in hex. Both directions work on bytes in one buffer: the rounds digest in place,
/// and checking a password builds the candidate stored form as bytes and compares it with the stored
/// text's UTF-8 without making any intermediate string.
public struct PasswordHasher: Sendable {
    /// How many times the digest is applied.
    public let rounds: Int

    /// The most rounds a stored form may ask for; more is refused rather than computed.
    static let maximumRounds = 100_000

    /// Creates a hasher.
    public init(rounds: Int = 64) { self.rounds = max(1, rounds) }

    /// The stored form of `password` with `salt`.
    public func hash(_ password: String, salt: [UInt8]) -> String {
        salt.withUnsafeBytes { salt in
            let count = Self.storedFormCount(rounds: rounds, saltCount: salt.count)
            return String(unsafeUninitializedCapacity: count) { output in
                Self.writeStoredForm(
                    password, salt: salt, rounds: rounds, to: UnsafeMutableRawBufferPointer(output))
            }
        }
    }

    /// Whether `password` matches a stored form made by ``hash(_:salt:)``; compares in constant time.
    ///
    /// The stored text is read as `rounds$salt$digest` (fields split on `$`, empty ones skipped). Only a
    /// canonical form can ever match (decimal rounds without sign or leading zeros, lowercase hex), so
    /// anything else is refused without hashing.
    public func verify(_ password: String, against stored: String) -> Bool {
        var stored = stored
        return stored.withUTF8 { stored in
            guard let (storedRounds, saltRange) = Self.parse(stored) else { return false }
            return withUnsafeTemporaryAllocation(byteCount: saltRange.count / 2, alignment: 1) { salt in
                guard
                    Self.decodeHex(
                        UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: stored[saltRange])), into: salt)
                else {
                    return false
                }
                let count = Self.storedFormCount(rounds: storedRounds, saltCount: salt.count)
                guard count == stored.count else { return false }
                return withUnsafeTemporaryAllocation(byteCount: count, alignment: 1) { candidate in
                    Self.writeStoredForm(
                        password, salt: UnsafeRawBufferPointer(salt), rounds: storedRounds, to: candidate)
                    var difference: UInt8 = 0
                    for index in 0..<count { difference |= candidate[index] ^ stored[index] }
                    return difference == 0
                }
            }
        }
    }

    // MARK: Internals

    /// How many bytes the stored form of a hash with `rounds` and a salt of `saltCount` bytes has.
    static func storedFormCount(rounds: Int, saltCount: Int) -> Int {
        DecimalText.digitCount(of: rounds) + 1 + saltCount * 2 + 1 + SHA256.digestByteCount * 2
    }

    /// Writes `rounds$salt$digest` (hex) to `output`, which holds exactly ``storedFormCount(rounds:saltCount:)``
    /// bytes; returns how many bytes it wrote.
    @discardableResult
    static func writeStoredForm(
        _ password: String, salt: UnsafeRawBufferPointer, rounds: Int,
        to output: UnsafeMutableRawBufferPointer
    ) -> Int {
        var offset = DecimalText.write(rounds, digits: DecimalText.digitCount(of: rounds), to: output)
        output[offset] = UInt8(ascii: "$")
        offset += 1
        offset += SHA256.writeHex(salt, to: UnsafeMutableRawBufferPointer(rebasing: output[offset...]))
        output[offset] = UInt8(ascii: "$")
        offset += 1
        withUnsafeTemporaryAllocation(byteCount: SHA256.digestByteCount, alignment: 1) { digest in
            var password = password
            password.withUTF8 { SHA256.digest(salt, UnsafeRawBufferPointer($0), into: digest) }
            for _ in 1..<max(1, rounds) { SHA256.digest(salt, UnsafeRawBufferPointer(digest), into: digest) }
            offset += SHA256.writeHex(
                UnsafeRawBufferPointer(digest), to: UnsafeMutableRawBufferPointer(rebasing: output[offset...])
            )
        }
        return offset
    }

    /// Reads `rounds$salt$digest`: the rounds (canonical decimal, 1 through ``maximumRounds``) and where
    /// the salt is; `nil` unless the text splits on `$` into exactly three non-empty fields.
    private static func parse(_ stored: UnsafeBufferPointer<UInt8>) -> (rounds: Int, salt: Range<Int>)? {
        var roundsField = 0..<0
        var saltField = 0..<0
        var fieldCount = 0
        var start = 0
        for index in 0...stored.count where index == stored.count || stored[index] == UInt8(ascii: "$") {
            if index > start {
                fieldCount += 1
                switch fieldCount {
                case 1: roundsField = start..<index
                case 2: saltField = start..<index
                case 3: break
                default: return nil
                }
            }
            start = index + 1
        }
        guard fieldCount == 3, let rounds = parseRounds(UnsafeBufferPointer(rebasing: stored[roundsField]))
        else { return nil }
        return (rounds, saltField)
    }

    /// Canonical decimal digits (no sign, no leading zero) from 1 through ``maximumRounds``.
    private static func parseRounds(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = digits.first, first != UInt8(ascii: "0"), digits.count <= 6 else { return nil }
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value <= maximumRounds ? value : nil
    }

    /// Decodes lowercase hex (an even number of digits) into `bytes`, which holds half as many bytes.
    static func decodeHex(_ hex: UnsafeRawBufferPointer, into bytes: UnsafeMutableRawBufferPointer) -> Bool {
        guard hex.count.isMultiple(of: 2), bytes.count == hex.count / 2 else { return false }
        for index in 0..<bytes.count {
            guard let high = SHA256.hexValue(hex[index * 2]), let low = SHA256.hexValue(hex[index * 2 + 1])
            else { return false }
            bytes[index] = high << 4 | low
        }
        return true
    }
}
