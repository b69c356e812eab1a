#if canImport(Glibc)
    import Foundation

    /// Reads one HTTP/1.x answer from a ``MatrixSocket``, holding at most the limit of body: the head
    /// (bounded), then the body framed by `Content-Length`, chunks or the connection's end.
    ///
    /// A declared `Content-Length` over the limit is refused before one byte of the body is read; a
    /// chunk that would take the body past it is refused at its size line; a body ended by the
    /// connection's close is refused as soon as what arrived passes it. Reads are 64 KiB at a time, so
    /// what is held is the body so far plus one read, never what the server has yet to send.
    struct MatrixHTTPAnswerReader {
        /// What reading produced.
        enum Outcome {
            /// A whole answer, and whether its connection may carry another request.
            case answer(MatrixHTTPAnswer, reusable: Bool)
            /// No answer (see ``MatrixTransportFailure``).
            case failed(MatrixTransportFailure)
            /// The connection ended before the first byte of an answer: a kept-alive connection the
            /// server had closed, on which the request may be sent again.
            case closedBeforeAnswer
        }

        /// The most interim (`1xx`) answers skipped before the real one.
        static let maximumInterimAnswers = 8
        /// The most bytes a chunk's size line or a trailer line may have.
        static let maximumLineBytes = 1024

        private let socket: MatrixSocket
        private let limit: Int
        private let deadline: ContinuousClock.Instant
        /// Bytes received and not yet taken.
        private var pending: [UInt8] = []
        private var scratch = [UInt8](repeating: 0, count: 65_536)
        private var receivedAny = false

        /// The most body bytes held so far: never more than the limit.
        private(set) var largestBodyHeld = 0

        /// A reader of the answer on `socket`, refusing a body over `limit` bytes, giving up at `deadline`.
        init(socket: MatrixSocket, limit: Int, deadline: ContinuousClock.Instant) {
            self.socket = socket
            self.limit = limit
            self.deadline = deadline
        }

        /// Reads the answer.
        mutating func read() -> Outcome {
            do throws(Stop) {
                var head = try readHead()
                var interim = 0
                while (100..<200).contains(head.status) {
                    interim += 1
                    guard head.status != 101, interim <= Self.maximumInterimAnswers else {
                        throw Stop.failed(.malformed("the answer has \(interim) interim answers (1xx)"))
                    }
                    head = try readHead()
                }
                let body: Data
                switch head.framing {
                case .none: body = Data()
                case .length(let count):
                    guard count <= limit else { throw Stop.failed(.tooLarge) }
                    body = try readBody(count: count)
                case .chunked: body = try readChunks()
                case .untilClose: body = try readToClose()
                }
                let answer = MatrixHTTPAnswer(status: head.status, body: body)
                return .answer(answer, reusable: head.keepsConnection && pending.isEmpty)
            } catch {
                switch error {
                case .failed(let failure): return .failed(failure)
                case .closedBeforeAnswer: return .closedBeforeAnswer
                }
            }
        }

        /// Why reading stopped early.
        private enum Stop: Error {
            case failed(MatrixTransportFailure)
            case closedBeforeAnswer
        }

        private mutating func readHead() throws(Stop) -> MatrixHTTPResponseHead {
            let bound = MatrixHTTPResponseHead.maximumBytes
            while true {
                let end = pending.firstRange(of: [13, 10, 13, 10])
                guard (end?.lowerBound ?? pending.count) <= bound else {
                    throw .failed(.malformed("the answer's headers are longer than \(bound) bytes"))
                }
                if let end {
                    let head = MatrixHTTPResponseHead.parse(pending[..<end.lowerBound])
                    pending.removeFirst(end.upperBound)
                    switch head {
                    case .success(let head): return head
                    case .failure(let failure): throw .failed(failure)
                    }
                }
                guard try receive() else { throw receivedAny ? .failed(.transport) : .closedBeforeAnswer }
            }
        }

        private mutating func readBody(count: Int) throws(Stop) -> Data {
            var body = Data()
            body.reserveCapacity(count)
            try take(count, into: &body)
            return body
        }

        private mutating func readChunks() throws(Stop) -> Data {
            var body = Data()
            while true {
                let line = try readLine()
                let digits = line.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
                guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit) else {
                    throw .failed(.malformed("the answer has a chunk size that is not a number"))
                }
                // More than 15 hex digits is more than any limit (and could overflow).
                guard digits.count <= 15, let size = Int(digits, radix: 16) else { throw .failed(.tooLarge) }
                if size == 0 { break }
                guard body.count + size <= limit else { throw .failed(.tooLarge) }
                try take(size, into: &body)
                guard try readLine().isEmpty else {
                    throw .failed(.malformed("the answer has a chunk longer than its size"))
                }
            }
            // Trailer lines, up to the blank line that ends the answer.
            for _ in 0...MatrixHTTPResponseHead.maximumHeaderLines {
                if try readLine().isEmpty { return body }
            }
            throw .failed(
                .malformed(
                    "the answer has more than \(MatrixHTTPResponseHead.maximumHeaderLines) trailer lines"))
        }

        private mutating func readToClose() throws(Stop) -> Data {
            var body = Data()
            while true {
                guard body.count + pending.count <= limit else { throw .failed(.tooLarge) }
                body.append(contentsOf: pending)
                pending.removeAll(keepingCapacity: true)
                largestBodyHeld = max(largestBodyHeld, body.count)
                guard try receive() else { return body }
            }
        }

        /// Moves the next `count` bytes into `body`, receiving as needed.
        private mutating func take(_ count: Int, into body: inout Data) throws(Stop) {
            var needed = count
            while true {
                let taken = min(needed, pending.count)
                body.append(contentsOf: pending[..<taken])
                pending.removeFirst(taken)
                largestBodyHeld = max(largestBodyHeld, body.count)
                needed -= taken
                guard needed > 0 else { return }
                guard try receive() else { throw .failed(.transport) }
            }
        }

        /// The next line, without its CRLF.
        private mutating func readLine() throws(Stop) -> String {
            while true {
                if let end = pending.firstRange(of: [13, 10]) {
                    let line = String(decoding: pending[..<end.lowerBound], as: UTF8.self)
                    pending.removeFirst(end.upperBound)
                    return line
                }
                guard pending.count <= Self.maximumLineBytes else {
                    throw .failed(
                        .malformed("the answer has a line longer than \(Self.maximumLineBytes) bytes"))
                }
                guard try receive() else { throw .failed(.transport) }
            }
        }

        /// Receives what has arrived into `pending`: `true` if something did, `false` if the server
        /// closed the connection; throws if it failed or the deadline passed.
        private mutating func receive() throws(Stop) -> Bool {
            switch socket.receive(into: &scratch, until: deadline) {
            case .bytes(let count):
                receivedAny = true
                pending += scratch[..<count]
                return true
            case .closed: return false
            case .failed: throw receivedAny ? .failed(.transport) : .closedBeforeAnswer
            }
        }
    }
#endif
