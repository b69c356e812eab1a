import Foundation

/// Finds scenario files: the files given, and every `.scenario` file under the folders given; reads
/// one as text.
public enum ScenarioFiles {
    /// The files, in the order given, each folder's files sorted by path; an error for a path that
    /// does not exist.
    public static func collect(_ paths: [String]) -> Result<[String], ScenarioRunError> {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                return .failure(ScenarioRunError("no such file or folder: \(path)"))
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".scenario") }
                .sorted()
                .map { base + "/" + $0 }
            files += found
        }
        return .success(files)
    }

    /// A file's text: an error (line 1) when it cannot be read or holds more than
    /// ``ScenarioParser/maximumFileBytes``, or at the first byte that is not UTF-8 (see ``decode(_:path:)``).
    ///
    /// At most one byte past the limit is read, whatever the file's size.
    public static func read(_ path: String) -> Result<String, ScenarioSyntaxError> {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: ScenarioParser.maximumFileBytes + 1) ?? Data()
        } catch {
            return .failure(
                ScenarioSyntaxError(
                    path: path, line: 1, column: 1,
                    message: "cannot read the file: \(error.localizedDescription)", lineText: ""))
        }
        return decode(data, path: path)
    }

    /// A file's bytes as text: an error when there are more than ``ScenarioParser/maximumFileBytes``,
    /// or, with its line and column, at the first byte that is not part of valid UTF-8.
    public static func decode(_ data: Data, path: String) -> Result<String, ScenarioSyntaxError> {
        guard data.count <= ScenarioParser.maximumFileBytes else {
            return .failure(
                ScenarioSyntaxError(
                    path: path, line: 1, column: 1,
                    message:
                        "the file is larger than \(ScenarioParser.maximumFileBytes) bytes (1 MiB), the most a scenario file may hold",
                    lineText: ""))
        }
        let bytes = [UInt8](data)
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        scan: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: break scan
            case .emptyInput: return .success(String(decoding: bytes, as: UTF8.self))
            }
        }
        let lineFeed = UInt8(ascii: "\n")
        let lineStart = bytes[..<offset].lastIndex(of: lineFeed).map { $0 + 1 } ?? 0
        var lineEnd = bytes[offset...].firstIndex(of: lineFeed) ?? bytes.count
        if lineEnd > offset, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        // The line's text from its start, without the byte-order mark the parser skips.
        func text(upTo end: Int) -> String {
            var text = String(decoding: bytes[lineStart..<end], as: UTF8.self)
            if lineStart == 0, text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
            return text
        }
        return .failure(
            ScenarioSyntaxError(
                path: path, line: bytes[..<lineStart].filter { $0 == lineFeed }.count + 1,
                column: text(upTo: offset).count + 1,
                message:
                    "the byte 0x\(ScenarioParser.hex(UInt32(bytes[offset])).suffix(2)) is not UTF-8 text; a scenario file is UTF-8",
                lineText: text(upTo: lineEnd)))
    }
}
