import EmbeddedBackend
import Interactors
import Models

/// Parses `.scenario` files: a `scenario: <name>` header, then one step per line.
///
/// `#` starts a comment, blank lines are ignored, strings are double-quoted with `\"`, `\\`, `\n`,
/// `\t` and `\u{…}` escapes, durations are a whole number with `ms`, `s`, `m`, `h` or `d`. Lines end
/// at a line feed only (`\n` or `\r\n`); a file holds at most ``maximumFileBytes`` and a line at most
/// ``maximumLineBytes``. Every mistake is a ``ScenarioSyntaxError`` with its line and column; an
/// unknown step suggests the closest known one. Parsing takes time linear in the file's length.
/// Every person a step names must be set up before it, and is not "me" where someone else is needed
/// (``ScenarioNameCheck``).
public enum ScenarioParser {
    /// The endpoint names `server fails next` accepts: the embedded server's.
    static let endpoints = EmbeddedEndpoint.allCases.map(\.rawValue)

    /// The usage of every step, for help and suggestions.
    public static let usages = [
        "given demo people", "given user <name> password \"<password>\" [born <YYYY-MM-DD>]",
        "given candidates <count>", "given daily likes <count>", "given latency <duration>",
        "given I am <name>", "given <name> likes me", "given <name> super likes me",
        "launch", "relaunch", "tap \"<label>\"", "type \"<text>\" into \"<label>\"",
        "type $<VARIABLE> into \"<label>\"", "swipe right|left|up",
        "open <link>", "logout", "wait <duration>", "<name> likes me", "<name> super likes me",
        "<name> sends \"<text>\"", "<name> reads", "<name> types", "<name> unmatches me",
        "<name> edits \"<text>\" to \"<text>\"", "<name> deletes \"<text>\"", "<name> blocks me",
        "<name> unlikes me",
        "given <name> matches me",
        "network down|up", "server revokes token", "server fails next <endpoint> [with <kind>]",
        "server fails <endpoint> <count> times [with <kind>]",
        "server fails <endpoint> for <duration> [with <kind>]",
        "expect screen <name>", "expect text \"<text>\"", "expect no text \"<text>\"",
        "expect alert \"<title>\"",
        "expect event <name> [key=value ...]", "expect queued swipes <count>", "expect outbox <count>",
        "expect unread <name> <count>", "damage the swipe queue|outbox", "crash leaves temporary files",
        "expect no temporary files", "expect files set aside <count>",
    ]

    /// Parses one step on its own (the interactive front end's commands), reporting errors against
    /// `path` line 1.
    public static func parseStep(_ line: String, path: String = "<input>") -> Result<
        ScenarioStep, ScenarioSyntaxError
    > {
        func failure(_ problem: Problem) -> Result<ScenarioStep, ScenarioSyntaxError> {
            .failure(
                ScenarioSyntaxError(
                    path: path, line: 1, column: problem.column, message: problem.message, lineText: line))
        }
        switch tokenize(line) {
        case .failure(let problem): return failure(problem)
        case .success(let tokens):
            guard !tokens.isEmpty else { return failure(Problem(column: 1, message: "empty step")) }
            switch step(tokens, line: line) {
            case .success(let step): return .success(step)
            case .failure(let problem): return failure(problem)
            }
        }
    }

    // MARK: Steps

    static func step(_ tokens: [Token], line: String) -> Result<ScenarioStep, Problem> {
        var reader = Reader(tokens: tokens, lineLength: line.count)
        let first = reader.peekWord ?? ""
        switch first {
        case "given": return given(&reader)
        case "launch", "relaunch", "logout":
            reader.skip()
            return reader.end(first == "launch" ? .launch : first == "relaunch" ? .relaunch : .logout)
        case "tap":
            reader.skip()
            return reader.string("the label of a button, in quotes").flatMap { reader.end(.tap($0)) }
        case "type": return typeStep(&reader)
        case "swipe":
            reader.skip()
            return reader.choice(
                ["right": SwipeAction.like, "left": .pass, "up": .superLike], what: "right, left or up"
            )
            .flatMap { reader.end(.swipe($0)) }
        case "open":
            reader.skip()
            return reader.wordOrString("a link such as discover://deck").flatMap { reader.end(.open($0)) }
        case "wait":
            reader.skip()
            return reader.duration().flatMap { reader.end(.wait($0)) }
        case "network":
            reader.skip()
            return reader.choice(["up": true, "down": false], what: "up or down").flatMap {
                reader.end(.network(up: $0))
            }
        case "server":
            reader.skip()
            switch reader.peekWord {
            case "revokes":
                reader.skip()
                return reader.keyword("token").flatMap { reader.end(.serverRevokesToken) }
            case "fails":
                reader.skip()
                return serverFails(&reader)
            default:
                return .failure(
                    Problem(
                        column: reader.column, message: "expected 'revokes token' or 'fails next <endpoint>'")
                )
            }
        case "expect": return expect(&reader)
        case "damage", "crash": return fileStep(&reader)
        default:
            if tokens.count >= 2, let verb = tokens[1].word,
                otherSideVerbs.contains(verb)
            {
                return otherSide(&reader)
            }
            return .failure(Problem(column: tokens.first?.column ?? 1, message: unknownStep(line)))
        }
    }

    private static func given(_ reader: inout Reader) -> Result<ScenarioStep, Problem> {
        reader.skip()
        switch reader.peekWord {
        case "demo":
            reader.skip()
            return reader.keyword("people").flatMap { reader.end(.givenDemoPeople) }
        case "user":
            reader.skip()
            return reader.word("a username").flatMap { username in
                reader.keyword("password").flatMap {
                    reader.string("the password, in quotes").flatMap { password in
                        if reader.peekWord == "born" {
                            reader.skip()
                            return reader.word("a birth date YYYY-MM-DD").flatMap { born in
                                guard CalendarMath.parseDay(born) != nil else {
                                    return .failure(
                                        Problem(
                                            column: reader.lastColumn,
                                            message: "'\(quoted(born))' is not a date YYYY-MM-DD"))
                                }
                                return reader.end(
                                    .givenUser(username: username, password: password, born: born))
                            }
                        }
                        return reader.end(.givenUser(username: username, password: password, born: nil))
                    }
                }
            }
        case "candidates":
            reader.skip()
            return reader.count(maximum: 10_000_000).flatMap { reader.end(.givenCandidates($0)) }
        case "daily":
            reader.skip()
            return reader.keyword("likes").flatMap {
                reader.count(maximum: 1_000_000).flatMap { reader.end(.givenDailyLikes($0)) }
            }
        case "latency":
            reader.skip()
            return reader.duration().flatMap { reader.end(.givenLatency($0)) }
        case "I":
            reader.skip()
            return reader.keyword("am").flatMap {
                reader.word("a username").flatMap { reader.end(.givenMe($0)) }
            }
        default:
            if reader.tokens.count >= 3, reader.tokens[2].word == "matches" {
                return reader.word("a person's name").flatMap { name in
                    reader.keyword("matches").flatMap {
                        reader.keyword("me").flatMap { reader.end(.matchesMe(name)) }
                    }
                }
            }
            return otherSide(&reader)
        }
    }

    private static func expect(_ reader: inout Reader) -> Result<ScenarioStep, Problem> {
        reader.skip()
        switch reader.peekWord {
        case "screen":
            reader.skip()
            return reader.word("a screen name such as home").flatMap { reader.end(.expectScreen($0)) }
        case "text":
            reader.skip()
            return reader.string("the text, in quotes").flatMap { reader.end(.expectText($0)) }
        case "no":
            reader.skip()
            switch reader.peekWord {
            case "temporary": return expectNoTemporaryFiles(&reader)
            case "button":
                reader.skip()
                return reader.string("the button's label, in quotes").flatMap {
                    reader.end(.expectNoButton($0))
                }
            case "event":
                reader.skip()
                return event(&reader).flatMap {
                    reader.end(.expectNoEvent(name: $0.name, properties: $0.properties))
                }
            default:
                return reader.keyword("text").flatMap {
                    reader.string("the text, in quotes").flatMap { reader.end(.expectNoText($0)) }
                }
            }
        case "exact":
            reader.skip()
            return reader.keyword("text").flatMap {
                reader.string("the text, in quotes").flatMap { reader.end(.expectExactText($0)) }
            }
        case "rows":
            reader.skip()
            return expectRows(&reader)
        case "row":
            reader.skip()
            return reader.keyword("count").flatMap {
                reader.string("the list's name, in quotes").flatMap { list in
                    reader.count(maximum: 1_000_000).flatMap { reader.end(.expectRowCount(list: list, $0)) }
                }
            }
        case "button":
            reader.skip()
            return reader.string("the button's label, in quotes").flatMap { label in
                reader.choice(["enabled": true, "disabled": false], what: "enabled or disabled").flatMap {
                    reader.end(.expectButton(label, isEnabled: $0))
                }
            }
        case "alert":
            reader.skip()
            return reader.string("the alert's title, in quotes").flatMap { reader.end(.expectAlert($0)) }
        case "event":
            reader.skip()
            return event(&reader).flatMap {
                reader.end(.expectEvent(name: $0.name, properties: $0.properties))
            }
        case "outbox":
            reader.skip()
            return reader.count(maximum: 1_000_000).flatMap { reader.end(.expectOutbox($0)) }
        case "files": return expectFilesSetAside(&reader)
        case "unread":
            reader.skip()
            return reader.word("a person's name").flatMap { name in
                reader.count(maximum: 1_000_000).flatMap { reader.end(.expectUnread(name, $0)) }
            }
        case "queued":
            reader.skip()
            return reader.keyword("swipes").flatMap {
                reader.count(maximum: 1_000_000).flatMap { reader.end(.expectQueuedSwipes($0)) }
            }
        default:
            return .failure(
                Problem(
                    column: reader.column,
                    message:
                        "expected screen, text, exact text, no text, rows, row count, button, no button, alert, event, no event, queued swipes, outbox or unread after 'expect'"
                ))
        }
    }

    /// An event's name and the `key=value` properties after it, to the end of the line.
    private static func event(_ reader: inout Reader) -> Result<
        (name: String, properties: [String: String]), Problem
    > {
        reader.word("an event name such as login_succeeded").flatMap { name in
            var properties: [String: String] = [:]
            while let word = reader.peekWord {
                let parts = word.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, !parts[0].isEmpty else {
                    return .failure(
                        Problem(column: reader.column, message: "expected key=value, found '\(quoted(word))'")
                    )
                }
                properties[String(parts[0])] = String(parts[1])
                reader.skip()
            }
            return .success((name, properties))
        }
    }

    /// `"<list>": "<row>", "<row>", …` (no row after the colon: the list shows none).
    private static func expectRows(_ reader: inout Reader) -> Result<ScenarioStep, Problem> {
        reader.string("the list's name, in quotes").flatMap { list in
            reader.keyword(":").flatMap {
                var rows: [String] = []
                guard reader.column <= reader.lineLength else {
                    return reader.end(.expectRows(list: list, rows))
                }
                while true {
                    switch reader.string("a row's text, in quotes") {
                    case .success(let row): rows.append(row)
                    case .failure(let problem): return .failure(problem)
                    }
                    guard reader.peekWord == "," else { break }
                    reader.skip()
                }
                return reader.end(.expectRows(list: list, rows))
            }
        }
    }
}
