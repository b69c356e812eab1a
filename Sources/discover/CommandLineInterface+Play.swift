import Foundation
import ScenarioLanguage

extension CommandLineInterface {
    /// `discover play`: the interactive session; piped input is echoed with secrets hidden, and
    /// `--record` writes the steps owner-only at the end (``ScenarioRecording``).
    func play(_ arguments: CommandArguments) -> Int32 {
        guard arguments.positionals.isEmpty else { return usageError("play", "play takes no arguments") }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("discover-play-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = PlaySession(
            directory: directory, environment: environment,
            recordsSecrets: arguments.flags.contains("record-secrets"))
        output("Discover — type 'help' for the steps, 'quit' to leave.")
        output(session.show())
        while !session.isFinished {
            guard let line = readLine(isTerminal ? "> " : nil) else { break }
            // Piped input is shown back, with what it types into a secure field hidden.
            if !isTerminal, !line.trimmingCharacters(in: .whitespaces).isEmpty {
                output("> \(session.echo(line))")
            }
            let reply = session.handle(line)
            if !reply.isEmpty { output(reply) }
        }
        if let file = arguments.values["record"] {
            do {
                let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
                try session.recording.write(name: name, toPath: file)
            } catch {
                errors("discover: could not write \(file): \(ScenarioRecording.message(error))")
                return 2
            }
            output("recorded \(session.recorded.count) steps to \(file)")
            let notice = session.recording.notice(path: file)
            if session.recording.holdsSecretInClear {
                errors(notice)
            } else if !notice.isEmpty {
                output(notice)
            }
        }
        return 0
    }
}
