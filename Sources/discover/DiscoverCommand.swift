import Foundation
import Headless

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
        let interface = CommandLineInterface(
            output: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
            errors: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
            isTerminal: isatty(STDOUT_FILENO) != 0,
            readLine: { prompt in
                if let prompt { FileHandle.standardOutput.write(Data(prompt.utf8)) }
                return Swift.readLine(strippingNewline: true)
            },
            environment: ProcessInfo.processInfo.environment)
        exit(interface.run(Array(CommandLine.arguments.dropFirst())))
    }
}
