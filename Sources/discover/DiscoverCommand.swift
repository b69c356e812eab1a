import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `discover` command: the process's input, output and environment handed to
/// ``CommandLineInterface``.
@main
enum DiscoverCommand {
    @MainActor
    static func main() {
        let output: (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
        let errors: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        let interface = CommandLineInterface(
            output: output, errors: errors,
            isTerminal: isatty(STDOUT_FILENO) != 0,
            readLine: { prompt in
                if let prompt { FileHandle.standardOutput.write(Data(prompt.utf8)) }
                return Swift.readLine(strippingNewline: true)
            },
            environment: ProcessInfo.processInfo.environment)
        exit(interface.run(Array(CommandLine.arguments.dropFirst())))
    }
}
