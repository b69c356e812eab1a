/// A command line split into positional arguments, options with values and flags.
///
/// Our own small parser (the project takes no packages): `--name value` and `--name=value` for
/// options, `--name` for flags, `--` ends options. Anything unknown is an error.
public struct CommandArguments: Hashable, Sendable {
    /// The positional arguments, in order.
    public var positionals: [String] = []
    /// The options given, by name without dashes.
    public var values: [String: String] = [:]
    /// The flags given, by name without dashes.
    public var flags: Set<String> = []
    /// Every value of each option, in order, for an option that may be given more than once
    /// (``values`` holds the last).
    public var allValues: [String: [String]] = [:]

    /// Why a command line could not be parsed.
    public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong.
        public let message: String
        /// The message.
        public var description: String { message }
    }

    /// Parses `arguments` knowing which options take a value and which are flags (`-h` is `--help`).
    public static func parse(
        _ arguments: [String], options: Set<String>, flags: Set<String>
    ) -> Result<CommandArguments, UsageError> {
        var parsed = CommandArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" {
                parsed.flags.insert("help")
                continue
            }
            guard argument.hasPrefix("--") else {
                return .failure(UsageError(message: "unknown option '\(argument)'"))
            }
            let body = argument.dropFirst(2)
            let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            if flags.contains(name) || name == "help" {
                guard parts.count == 1 else {
                    return .failure(UsageError(message: "'--\(name)' takes no value"))
                }
                parsed.flags.insert(name)
            } else if options.contains(name) {
                let value: String
                if parts.count == 2 {
                    value = String(parts[1])
                } else {
                    guard index < arguments.count else {
                        return .failure(UsageError(message: "'--\(name)' needs a value"))
                    }
                    value = arguments[index]
                    index += 1
                }
                parsed.values[name] = value
                parsed.allValues[name, default: []].append(value)
            } else {
                return .failure(UsageError(message: "unknown option '--\(name)'"))
            }
        }
        return .success(parsed)
    }
}
