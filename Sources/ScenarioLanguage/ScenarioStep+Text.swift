/// Scenario steps written back as scenario lines: how the explorer turns the steps it generated into
/// a file `discover run` and `discover explore --replay` read, and the one way text is quoted in a
/// scenario line (`discover play --record` writes its labels with it too).
extension ScenarioStep {
    /// The step as one line of the scenario language, which ``ScenarioParser`` parses back into the
    /// same step.
    public var scenarioLine: String {
        switch self {
        case .givenDemoPeople: "given demo people"
        case .givenUser(let username, let password, let born):
            "given user \(username) password \(Self.quoted(password))" + (born.map { " born \($0)" } ?? "")
        case .givenCandidates(let count): "given candidates \(count)"
        case .givenDailyLikes(let count): "given daily likes \(count)"
        case .givenLatency(let duration): "given latency \(Self.text(of: duration))"
        case .givenMe(let name): "given I am \(name)"
        case .launch: "launch"
        case .relaunch: "relaunch"
        case .tap(let label): "tap \(Self.quoted(label))"
        case .type(let text, let label): "type \(Self.quoted(text)) into \(Self.quoted(label))"
        case .typeVariable(let name, let label): "type $\(name) into \(Self.quoted(label))"
        case .typeRepeated(let count, let text, let label):
            "type \(count) × \(Self.quoted(text)) into \(Self.quoted(label))"
        case .swipe(let action):
            switch action {
            case .like: "swipe right"
            case .pass: "swipe left"
            case .superLike: "swipe up"
            }
        case .open(let link): "open \(Self.quoted(link))"
        case .logout: "logout"
        case .wait(let duration): "wait \(Self.text(of: duration))"
        case .likesMe(let name, let superLike): "\(name) \(superLike ? "super likes" : "likes") me"
        case .sends(let name, let text): "\(name) sends \(Self.quoted(text))"
        case .reads(let name): "\(name) reads"
        case .types(let name): "\(name) types"
        case .unmatchesMe(let name): "\(name) unmatches me"
        case .edits(let name, let text, let newText):
            "\(name) edits \(Self.quoted(text)) to \(Self.quoted(newText))"
        case .deletes(let name, let text): "\(name) deletes \(Self.quoted(text))"
        case .blocksMe(let name): "\(name) blocks me"
        case .unlikesMe(let name): "\(name) unlikes me"
        case .matchesMe(let name): "given \(name) matches me"
        case .network(let up): "network \(up ? "up" : "down")"
        case .serverRevokesToken: "server revokes token"
        case .serverFailsNext(let endpoint): "server fails next \(endpoint)"
        case .serverFails(let endpoint, let failure, .times(1)):
            "server fails next \(endpoint) with \(failure.scenarioText)"
        case .serverFails(let endpoint, let failure, .times(let count)):
            "server fails \(endpoint) \(count) times with \(failure.scenarioText)"
        case .serverFails(let endpoint, let failure, .lasting(let duration)):
            "server fails \(endpoint) for \(Self.text(of: duration)) with \(failure.scenarioText)"
        case .expectScreen(let name): "expect screen \(name)"
        case .expectText(let text): "expect text \(Self.quoted(text))"
        case .expectNoText(let text): "expect no text \(Self.quoted(text))"
        case .expectExactText(let text): "expect exact text \(Self.quoted(text))"
        case .expectRows(let list, let rows):
            "expect rows \(Self.quoted(list)):"
                + (rows.isEmpty ? "" : " " + rows.map(Self.quoted).joined(separator: ", "))
        case .expectRowCount(let list, let count): "expect row count \(Self.quoted(list)) \(count)"
        case .expectButton(let label, let isEnabled):
            "expect button \(Self.quoted(label)) \(isEnabled ? "enabled" : "disabled")"
        case .expectNoButton(let label): "expect no button \(Self.quoted(label))"
        case .expectNoEvent(let name, let properties):
            (["expect no event \(name)"]
                + properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
                .joined(separator: " ")
        case .expectAlert(let title): "expect alert \(Self.quoted(title))"
        case .expectEvent(let name, let properties):
            (["expect event \(name)"] + properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
                .joined(separator: " ")
        case .expectQueuedSwipes(let count): "expect queued swipes \(count)"
        case .expectOutbox(let count): "expect outbox \(count)"
        case .expectUnread(let name, let count): "expect unread \(name) \(count)"
        case .damage(let file): "damage the \(file.rawValue)"
        case .crashLeavesTemporaryFiles: "crash leaves temporary files"
        case .expectNoTemporaryFiles: "expect no temporary files"
        case .expectFilesSetAside(let count): "expect files set aside \(count)"
        }
    }

    /// A duration in the largest unit that writes it whole: `90s`, `10m`, `2h`, `1d`, `250ms`.
    static func text(of duration: Duration) -> String {
        let milliseconds =
            duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        for (unit, size) in [("d", Int64(86_400_000)), ("h", 3_600_000), ("m", 60_000), ("s", 1000)]
        where milliseconds >= size && milliseconds % size == 0 {
            return "\(milliseconds / size)\(unit)"
        }
        return "\(milliseconds)ms"
    }

    /// `text` as a scenario string: in quotes, with a quote and a backslash escaped, and every
    /// character a line may not hold, or that would join the quote before it (a combining mark) or
    /// hide what the line holds (a format character such as a bidirectional control), written as
    /// `\n`, `\t` or `\u{…}`.
    package static func quoted(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            default:
                if needsEscape(scalar) {
                    escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped + "\""
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .nonspacingMark, .spacingMark,
            .enclosingMark, .surrogate, .privateUse, .unassigned:
            return true
        default:
            // Emoji modifiers and joiners combine with what comes before, as marks do.
            return scalar.properties.isEmojiModifier || scalar.properties.isVariationSelector
        }
    }
}
