import Foundation

/// The status line and headers of an HTTP/1.x answer, read for what the client needs: the status, how
/// the body is framed, and whether the connection may carry another request.
///
/// A pure parser with bounds: ``parse(_:)`` refuses a head that is not HTTP/1.0 or 1.1, a status
/// outside 100–599, a header line without a name and a colon, a folded header line, and
/// `Content-Length` values that are not digits or disagree. (How long the head may be is bounded by
/// the reader: ``maximumBytes``.)
struct MatrixHTTPResponseHead: Equatable {
    /// How the body ends.
    enum Framing: Equatable {
        /// No body (a `1xx`, `204` or `304` answer).
        case none
        /// Exactly this many bytes (`Content-Length`; `Int.max` for a length too large to count).
        case length(Int)
        /// Chunks (`Transfer-Encoding: chunked`).
        case chunked
        /// Whatever arrives until the server closes the connection.
        case untilClose
    }

    /// The most bytes a head may have, status line and headers together.
    static let maximumBytes = 65_536
    /// The most header lines a head may have.
    static let maximumHeaderLines = 200

    /// The status code.
    let status: Int
    /// How the body ends.
    let framing: Framing
    /// Whether the connection may carry another request after this answer's body (HTTP/1.1 without
    /// `Connection: close`, and a body whose end is known).
    let keepsConnection: Bool

    /// Reads a head from its bytes (up to, not including, the blank line that ends it).
    static func parse(_ bytes: some Collection<UInt8>) -> Result<Self, MatrixTransportFailure> {
        let lines = String(decoding: bytes, as: UTF8.self).split(
            separator: "\r\n", omittingEmptySubsequences: false)
        guard let statusLine = lines.first else {
            return .failure(.malformed("the answer has no status line"))
        }
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "HTTP/1.1" || parts[0] == "HTTP/1.0", parts[1].count == 3,
            parts[1].allSatisfy(\.isASCIIDigit), let status = Int(parts[1]), (100...599).contains(status)
        else {
            return .failure(.malformed("the answer's status line is not HTTP/1.x: \(statusLine.prefix(40))"))
        }
        guard lines.count - 1 <= maximumHeaderLines else {
            return .failure(.malformed("the answer has more than \(maximumHeaderLines) header lines"))
        }
        var lengths: Set<Substring> = []
        var codings: [Substring] = []
        var closes = parts[0] == "HTTP/1.0"
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
            else {
                return .failure(.malformed("the answer has a header line without a name: \(line.prefix(40))"))
            }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...]
            let items = value.split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()[...]
            }
            switch name {
            case "content-length": lengths.formUnion(items)
            case "transfer-encoding": codings += items
            case "connection": closes = closes || items.contains("close")
            default: break
            }
        }
        let framing: Framing
        if (100..<200).contains(status) || status == 204 || status == 304 {
            framing = .none
        } else if let last = codings.last {
            // Any other coding (gzip without chunked) is ended by the server closing the connection.
            framing = last == "chunked" ? .chunked : .untilClose
        } else if let length = lengths.first {
            guard lengths.count == 1, !length.isEmpty, length.allSatisfy(\.isASCIIDigit) else {
                return .failure(.malformed("the answer's Content-Length is not one number"))
            }
            framing = .length(Int(length) ?? Int.max)
        } else {
            framing = .untilClose
        }
        let ended = framing != .untilClose && (codings.isEmpty || lengths.isEmpty)
        return .success(Self(status: status, framing: framing, keepsConnection: !closes && ended))
    }
}

extension Character {
    /// Whether this is one of the ASCII digits 0–9.
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
