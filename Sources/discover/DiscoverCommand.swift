import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `discover` command: a thin layer over ``Headless``'s command-line interface.
@main
enum DiscoverCommand {
    @MainActor
    static func main() {
        let output: (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
        let errors: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        var interface = CommandLineInterface(
            output: output, errors: errors,
            isTerminal: isatty(STDOUT_FILENO) != 0,
            readLine: { prompt in
                if let prompt { FileHandle.standardOutput.write(Data(prompt.utf8)) }
                return Swift.readLine(strippingNewline: true)
            },
            environment: ProcessInfo.processInfo.environment)
        interface.serve = { ServeCommand.run($0, output: output, errors: errors) }
        exit(interface.run(Array(CommandLine.arguments.dropFirst())))
    }
}
