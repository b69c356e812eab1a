import Foundation
import Services

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The steps `discover play` has run, as a scenario file that holds no secret unless asked to.
///
/// Text typed into a secure field is recorded as an environment variable, `type $DISCOVER_PASSWORD
/// into "Password"`, named after the field's label (`DISCOVER_` and the label in capitals, `_` for
/// anything else); a second, different secret for the same label gets `_2`, and so on, so a replay
/// types the same values in the same places. The file's header lists the variables to set. With
/// `recordsSecrets` the text is recorded as typed and the header says the file holds a secret in
/// clear. Files are written atomically and owner-only (0600).
public struct ScenarioRecording: Sendable {
    /// A variable that stands for a secret in the file.
    public struct Variable: Hashable, Sendable {
        /// The variable's name, without `$`.
        public let name: String
        /// The label of the field its secret was typed into.
        public let label: String
    }

    /// A secret typed during the session, kept only to give the same text the same variable; it
    /// describes itself without its value.
    private struct Secret: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
        let variable: Variable
        let value: String
        var description: String { "\(variable.name) (hidden)" }
        var debugDescription: String { description }
    }

    /// Whether secrets are recorded as typed (`--record-secrets`) rather than as variables.
    public let recordsSecrets: Bool
    /// The steps, as the file will hold them.
    public private(set) var lines: [String]
    /// The variables the steps type, in order of first use.
    public var variables: [Variable] { secrets.map(\.variable) }
    private var secrets: [Secret] = []
    /// Whether a step holds a secret as typed (only with ``recordsSecrets``).
    public private(set) var holdsSecretInClear = false

    /// Creates a recording starting with `lines`.
    public init(lines: [String], recordsSecrets: Bool) {
        self.lines = lines
        self.recordsSecrets = recordsSecrets
    }

    /// Records a step that ran: `line` as written, or, when it typed `text` into the secure field
    /// `label` and secrets are not recorded, the step typing the variable that stands for `text`.
    public mutating func append(_ line: String, typedSecret text: String? = nil, into label: String = "") {
        guard let text, !text.isEmpty else {
            lines.append(line)
            return
        }
        guard !recordsSecrets else {
            lines.append(line)
            holdsSecretInClear = true
            return
        }
        lines.append("type $\(variable(for: text, label: label)) into \(ScenarioStep.quoted(label))")
    }

    /// The scenario file: the header, a comment per variable (or about the secret in clear), the steps.
    public func text(name: String) -> String {
        var header = ["scenario: \(name)", "# recorded with discover play"]
        for variable in variables {
            header.append(
                "# set \(variable.name) to the text typed into \(ScenarioStep.quoted(variable.label)) before running"
            )
        }
        if holdsSecretInClear {
            header.append("# holds a password in clear (recorded with --record-secrets)")
        }
        return (header + lines).joined(separator: "\n") + "\n"
    }

    /// Writes the file at `path` atomically with mode 0600 (creating its folder, 0700, if needed).
    public func write(name: String, toPath path: String) throws(StoreError) {
        try AtomicFile.write(Data(text(name: name).utf8), toPath: path)
    }

    /// What to tell the user after writing `path`: how to replay a file with variables, or a warning
    /// that it holds a password in clear; empty when there is nothing to say.
    public func notice(path: String) -> String {
        if holdsSecretInClear {
            return "warning: \(path) contains a password in clear (--record-secrets); keep it private"
        }
        guard !variables.isEmpty else { return "" }
        let names = variables.map(\.name)
        let uses = names.map { "$" + $0 }.joined(separator: ", ")
        let settings = names.map { "\($0)=…" }.joined(separator: " ")
        return "\(path) types \(uses) from the environment: run it with \(settings) discover run \(path)"
    }

    /// A file error as a sentence: what failed and the system's reason.
    public static func message(_ error: StoreError) -> String {
        switch error {
        case .io(let path, let operation, let code):
            "\(operation) \(path) failed: \(String(cString: strerror(code)))"
        case .unreadable(let path, let reason): "\(path) is unreadable: \(reason)"
        case .quarantined(let path, let movedTo, let recovered, let reason):
            "\(path) was damaged (\(reason)): moved to \(movedTo), \(recovered) item(s) recovered"
        }
    }

    private mutating func variable(for text: String, label: String) -> String {
        if let known = secrets.first(where: { $0.variable.label == label && $0.value == text }) {
            return known.variable.name
        }
        let base = Self.variableName(label)
        var name = base
        var number = 2
        while secrets.contains(where: { $0.variable.name == name }) {
            name = "\(base)_\(number)"
            number += 1
        }
        secrets.append(Secret(variable: Variable(name: name, label: label), value: text))
        return name
    }

    /// `DISCOVER_` and the label in capital ASCII letters and digits, `_` between words
    /// (`Password` → `DISCOVER_PASSWORD`); `DISCOVER_SECRET` when the label has neither.
    static func variableName(_ label: String) -> String {
        let words = label.uppercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return "DISCOVER_" + (words.isEmpty ? "SECRET" : words.joined(separator: "_"))
    }
}
