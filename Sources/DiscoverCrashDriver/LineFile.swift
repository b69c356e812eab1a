import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file of JSON lines, appended one whole line per `write` call.
///
/// A process killed at any moment leaves whole lines and at most one unfinished last line, which
/// ``lines(of:)`` leaves out. Not flushed with `fsync`: the crash test kills processes, it does not
/// cut the power, and the system keeps what a killed process wrote.
final class LineFile {
    private let descriptor: Int32

    /// Opens (creating, owner-only) the file at `path` for appending; `nil` if it cannot be opened.
    init?(path: String) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// Appends `value` as one JSON line; `false` if it could not.
    @discardableResult
    func append<Value: Encodable>(_ value: Value) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard var data = try? encoder.encode(value) else { return false }
        data.append(0x0A)
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        return written == data.count
    }

    /// The whole lines of the file at `path` decoded as `Value` (none when it does not exist); an
    /// unfinished last line is left out, a line that does not decode is counted in `unreadable`.
    static func lines<Value: Decodable>(of path: String, as type: Value.Type) -> (
        values: [Value], unreadable: Int
    ) {
        guard let data = FileManager.default.contents(atPath: path) else { return ([], 0) }
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
        lines.removeLast()  // after the last newline: empty, or a line the kill cut short
        var values: [Value] = []
        var unreadable = 0
        for line in lines where !line.isEmpty {
            if let value = try? JSONDecoder().decode(Value.self, from: Data(line)) {
                values.append(value)
            } else {
                unreadable += 1
            }
        }
        return (values, unreadable)
    }
}
