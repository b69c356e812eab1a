import EmbeddedBackend
import Foundation
import Headless

/// The `discover` command: a thin layer over ``Headless``.
@main
enum DiscoverCommand {
    static let usage = """
        usage: discover <command> [options]

        commands:
          demo     run the scripted demo walk on the embedded backend and print its transcript
          tree     run the demo walk and print the live flow tree at its end
          help     show this help

        options:
          -h, --help   show help for a command
        """

    enum ExitCode: Int32 {
        case success = 0
        case failure = 1
        case usage = 2
    }

    @MainActor
    static func main() {
        exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
    }

    @MainActor
    static func run(_ arguments: [String]) -> ExitCode {
        guard let command = arguments.first else {
            printError(usage)
            return .usage
        }
        let options = arguments.dropFirst()
        if ["help", "-h", "--help"].contains(command) || options.contains("-h") || options.contains("--help")
        {
            print(usage)
            return .success
        }
        if let unknown = options.first {
            printError("discover: unknown option '\(unknown)'\n\n\(usage)")
            return .usage
        }
        switch command {
        case "demo": return runDemo(printTree: false)
        case "tree": return runDemo(printTree: true)
        default:
            printError("discover: unknown command '\(command)'\n\n\(usage)")
            return .usage
        }
    }

    @MainActor
    static func runDemo(printTree: Bool) -> ExitCode {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "discover-demo-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let backend = EmbeddedBackend(storageDirectory: directory)
        let app = HeadlessApp(backend: backend, echo: printTree ? nil : echo)
        do {
            try Demo.run(on: app)
        } catch {
            printError("demo failed: \(error)")
            return .failure
        }
        if printTree { print(app.tree()) }
        return .success
    }

    @MainActor
    static func echo(_ entry: TranscriptEntry) {
        print(entry.description)
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
