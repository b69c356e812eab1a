/// Builds a request path from segments, each percent-encoded so that data (a room id, a user id, an
/// event type, a state key, a transaction id) is always exactly one segment.
///
/// Only unreserved characters (`A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_`, `~`, and `.` inside a longer
/// segment) are left as they are; everything else is `%XX` of its UTF-8 bytes, so `/`, `?`, `#`, `%`,
/// `:`, `@`, `!` and any other character in an id cannot end the segment, start a query or a fragment,
/// or be decoded twice. A segment that is `.` or `..` would be removed or climb up when the URL is
/// resolved (`/rooms/{pool}/state/com.discover.profile/..` would read the whole room state), so a
/// segment of dots only is written `%2E` each; the server decodes it back to the literal id. An empty
/// segment is only possible last (an empty state key); ``MatrixHTTPClient`` refuses one elsewhere.
public enum MatrixPath {
    /// The path for `segments`, joined with `/`, with no leading slash.
    public static func encoded(_ segments: [String]) -> String {
        segments.map(segment).joined(separator: "/")
    }

    /// One segment, percent-encoded (`..` → `%2E%2E`, `a/b` → `a%2Fb`).
    public static func segment(_ text: String) -> String {
        if !text.isEmpty, text.allSatisfy({ $0 == "." }) {
            return String(repeating: "%2E", count: text.count)
        }
        var encoded = ""
        for byte in text.utf8 {
            if isUnreserved(byte) {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                encoded += "%" + hex(byte >> 4) + hex(byte & 0x0F)
            }
        }
        return encoded
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"),
            UInt8(ascii: "."):
            true
        default: false
        }
    }

    private static func hex(_ nibble: UInt8) -> String {
        String(nibble, radix: 16, uppercase: true)
    }
}
