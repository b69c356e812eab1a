/// Reads one HTTP/1.1 request from the bytes a client sent so far: pure, total, never traps.
///
/// What it accepts, and nothing more: a request line `METHOD SP /target SP HTTP/1.1` (or
/// `HTTP/1.0`), header lines `Name: value` each ending in CRLF, an empty line, then exactly
/// `Content-Length` bytes of body. Control characters, bare CR or LF, folded headers, a space before
/// a colon, a non-numeric or repeated-and-different `Content-Length` are 400 (a bare CR or LF as
/// soon as it arrives, not when the head would end); request line and
/// headers over ``maximumHeadLength`` bytes (or more than ``maximumHeaderCount`` headers) are 431; a
/// body over ``maximumBodyLength`` is 413 (decided from the header, before any body is read); any
/// `Transfer-Encoding` is 411 (no chunked request bodies).
public enum HTTPRequestParser {
    /// The most bytes of request line and headers, the blank line included: 16 KiB.
    public static let maximumHeadLength = 16_384
    /// The most header fields.
    public static let maximumHeaderCount = 100
    /// The largest body: 64 KiB.
    public static let maximumBodyLength = 65_536

    /// What the bytes so far amount to.
    public enum Outcome: Hashable, Sendable {
        /// Not a whole request yet, and nothing wrong so far: read more.
        case needsMore
        /// A whole request, made of the first `length` bytes.
        case request(HTTPRequest, length: Int)
        /// Not a request this server accepts; answer with the error's status and close.
        case failure(HTTPRequestError)
    }

    private static let terminator: [UInt8] = [13, 10, 13, 10]

    /// Reads the request at the start of `bytes`.
    public static func parse(_ bytes: [UInt8]) -> Outcome {
        guard let headEnd = endOfHead(in: bytes) else {
            // Lines ending otherwise than in CRLF never make a head: say so now, not at the timeout.
            if let problem = bareLineBreak(in: bytes.prefix(maximumHeadLength)) {
                return .failure(.malformed(problem))
            }
            return bytes.count >= maximumHeadLength ? .failure(.headersTooLarge) : .needsMore
        }
        guard headEnd <= maximumHeadLength else { return .failure(.headersTooLarge) }
        switch parseHead(bytes[..<(headEnd - terminator.count)]) {
        case .failure(let error):
            return .failure(error)
        case .success(var request):
            switch bodyLength(of: request) {
            case .failure(let error):
                return .failure(error)
            case .success(let length):
                guard bytes.count - headEnd >= length else { return .needsMore }
                request.body = Array(bytes[headEnd..<(headEnd + length)])
                return .request(request, length: headEnd + length)
            }
        }
    }

    /// The index just past the first CRLF CRLF, looked for in the first `maximumHeadLength` + 4
    /// bytes only.
    private static func endOfHead(in bytes: [UInt8]) -> Int? {
        let limit = min(bytes.count, maximumHeadLength + terminator.count)
        guard limit >= terminator.count else { return nil }
        for start in 0...(limit - terminator.count)
        where bytes[start] == 13 && bytes[start + 1] == 10 && bytes[start + 2] == 13 && bytes[start + 3] == 10
        {
            return start + terminator.count
        }
        return nil
    }

    /// What is wrong with the first line break that is not a CRLF in `bytes`, if one is (a CR at the
    /// very end may still be followed by its LF).
    private static func bareLineBreak(in bytes: ArraySlice<UInt8>) -> String? {
        for index in bytes.indices {
            if bytes[index] == 10, index == bytes.startIndex || bytes[index - 1] != 13 {
                return "a LF without CR"
            }
            if bytes[index] == 13, index + 1 < bytes.endIndex, bytes[index + 1] != 10 {
                return "a CR without LF"
            }
        }
        return nil
    }

    private static func parseHead(_ head: ArraySlice<UInt8>) -> Result<HTTPRequest, HTTPRequestError> {
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = head.startIndex
        var index = head.startIndex
        while index < head.endIndex {
            let byte = head[index]
            if byte == 13 {
                guard index + 1 < head.endIndex, head[index + 1] == 10 else {
                    return .failure(.malformed("a CR without LF"))
                }
                lines.append(head[lineStart..<index])
                index += 2
                lineStart = index
                continue
            }
            if byte == 10 { return .failure(.malformed("a LF without CR")) }
            if byte == 127 || (byte < 32 && byte != 9) { return .failure(.malformed("a control character")) }
            index += 1
        }
        lines.append(head[lineStart..<head.endIndex])
        guard lines.count - 1 <= maximumHeaderCount else { return .failure(.headersTooLarge) }
        guard var request = requestLine(text(lines[0])) else {
            return .failure(.malformed("the request line is not 'METHOD /path HTTP/1.1'"))
        }
        for line in lines.dropFirst() {
            guard let field = headerField(text(line)) else {
                return .failure(.malformed("a header line is not 'Name: value'"))
            }
            request.headers.append(field)
        }
        return .success(request)
    }

    /// The bytes as text, one character per byte (obs-text above 127 kept as Latin-1).
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    private static func requestLine(_ line: String) -> HTTPRequest? {
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, isToken(parts[0]), parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            return nil
        }
        let target = parts[1]
        guard target.hasPrefix("/"), target.unicodeScalars.allSatisfy({ $0.value > 32 && $0.value < 127 })
        else { return nil }
        let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return HTTPRequest(
            method: String(parts[0]), path: String(pieces[0]),
            query: pieces.count > 1 ? String(pieces[1]) : nil,
            version: String(parts[2]))
    }

    private static func headerField(_ line: String) -> (name: String, value: String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[..<colon]
        guard isToken(name) else { return nil }
        let value = line[line.index(after: colon)...].trimmingSpacesAndTabs()
        return (String(name), value)
    }

    /// Whether the text is an HTTP token: one or more of the characters RFC 9110 allows in methods
    /// and header names.
    private static func isToken(_ text: Substring) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                    || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
            }
    }

    private static func bodyLength(of request: HTTPRequest) -> Result<Int, HTTPRequestError> {
        if request.header("Transfer-Encoding") != nil { return .failure(.lengthRequired) }
        let lengths = request.headers.filter { $0.name.lowercased() == "content-length" }.map(\.value)
        guard let first = lengths.first else { return .success(0) }
        guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.count <= 18,
            first.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), let length = Int(first)
        else { return .failure(.malformed("Content-Length is not one whole number")) }
        return length > maximumBodyLength ? .failure(.bodyTooLarge) : .success(length)
    }
}

extension Substring {
    /// The text without the spaces and tabs at either end.
    fileprivate func trimmingSpacesAndTabs() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) })
        else {
            return ""
        }
        return String(self[first...last])
    }
}
