/// Finds a secret in a transcript text: a token (by how the backend's tokens begin) or a password
/// the explorer typed into a secure field (``ExploreValues/passwords``).
struct ExploreSecrets {
    /// How the backend's access and refresh tokens begin, as bytes.
    let tokenStarts: [[UInt8]]

    /// A token or a password in `text`, described without showing it.
    func secret(in text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes in
            for start in tokenStarts where Self.contains(bytes, start) { return "a token" }
            for password in Self.passwordBytes where Self.contains(bytes, password) {
                return "a password typed into a secure field (\(password.count) bytes)"
            }
            return nil
        }
    }

    /// Whether `bytes` hold `needle`: a plain scan, the first byte compared first (most texts are a
    /// few hundred bytes; the generic `firstRange(of:)` took most of an exploration's time).
    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var index = 0
        while index <= bytes.count - needle.count {
            if bytes[index] == first {
                var matched = 1
                while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            index += 1
        }
        return false
    }

    private static let passwordBytes = ExploreValues.passwords.map { Array($0.utf8) }
}
