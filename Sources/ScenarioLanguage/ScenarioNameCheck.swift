import EmbeddedBackend
import Foundation
import Models

/// Checks the people a scenario names: each must be set up before the step that names them, and
/// nobody is their own match.
///
/// A person exists once `given demo people` (alice, bob, carol and dave), `given user <name>` or a
/// name typed into the sign-up form's `"Username"` field set them up, and the embedded backend's
/// generated people (`c0`, `c1`, … below the pool size) always exist. `given I am <name>` must name
/// such a person; after it, the other side's steps (`<name> likes me`, `sends`, `reads`, `types`,
/// `unmatches me`, `edits`, `deletes`, `blocks me`, `unlikes me`, `given <name> matches me`) and
/// `expect unread <name>` may not name "me".
///
/// ``ScenarioParser/parse(_:path:)`` runs the check over every file, so a misspelt name is a syntax
/// error reported before anything runs; the runner runs it again step by step (so `discover play` is
/// as strict) and also refuses a step naming the signed-in user, who is known only at run time.
public struct ScenarioNameCheck: Sendable {
    /// The longest name a suggestion compares: longer names get none, so a suggestion stays cheap.
    static let longestComparedName = 64
    /// The most set-up names a suggestion compares.
    static let mostComparedNames = 1_000
    /// The longest name quoted whole in a message.
    static let longestQuotedName = 64

    /// The people set up so far, in the order they were.
    public private(set) var people: [String] = []
    /// Who "me" is since the last `given I am`; `nil` before it (then "me" is the signed-in user).
    public private(set) var me: String?
    private var known: Set<String> = []
    private var demoPeopleGiven = false
    private let generated: CandidateGenerator

    /// Creates a check that knows only the `generatedPeople` generated people (`c0` …).
    public init(generatedPeople: Int) {
        generated = CandidateGenerator(
            seed: 0, poolSize: generatedPeople, now: Date(timeIntervalSince1970: 0))
    }

    /// Checks one step against the people set up before it, then learns whom it sets up.
    ///
    /// Returns what is wrong, or `nil` when the step names only people who exist and none of them is
    /// "me" where the step needs someone else.
    public mutating func check(_ step: ScenarioStep) -> String? {
        if let name = Self.person(in: step) {
            guard exists(name) else { return unknown(name) }
            if let me, name == me, Self.needsSomeoneElse(step) {
                return Self.selfProblem(name, step, because: "given I am \(me)")
            }
        }
        learn(from: step)
        return nil
    }

    /// Whether `name` is set up, or one of the generated people.
    public func exists(_ name: String) -> Bool {
        known.contains(name) || generated.index(of: UserID(name)) != nil
    }

    // MARK: Steps

    /// The person a step names, if any.
    static func person(in step: ScenarioStep) -> String? {
        switch step {
        case .givenMe(let name), .likesMe(let name, _), .sends(let name, _), .reads(let name),
            .types(let name), .unmatchesMe(let name), .matchesMe(let name), .expectUnread(let name, _),
            .edits(let name, _, _), .deletes(let name, _), .blocksMe(let name), .unlikesMe(let name):
            return name
        default:
            return nil
        }
    }

    /// Whether the person a step names must be someone other than "me".
    static func needsSomeoneElse(_ step: ScenarioStep) -> Bool {
        if case .givenMe = step { return false }
        return person(in: step) != nil
    }

    /// Why `name` cannot be the other person of `step`: they are "me", `because` says why.
    static func selfProblem(_ name: String, _ step: ScenarioStep, because reason: String) -> String {
        let action: String
        switch step {
        case .likesMe(_, let superLike): action = superLike ? "super like" : "like"
        case .matchesMe: action = "match"
        case .sends: action = "send a message to"
        case .reads: action = "read a conversation with"
        case .types: action = "type to"
        case .unmatchesMe: action = "unmatch"
        case .edits: action = "edit a message to"
        case .deletes: action = "delete a message to"
        case .blocksMe: action = "block"
        case .unlikesMe: action = "unlike"
        default: action = "have a conversation with"
        }
        return "\(quoted(name)) is 'me' here (\(reason)): nobody can \(action) themselves"
    }

    private mutating func learn(from step: ScenarioStep) {
        switch step {
        case .givenDemoPeople:
            demoPeopleGiven = true
            for person in DemoData.people { add(person.username) }
        case .givenUser(let username, _, _):
            add(username.lowercased())
        case .type(let text, let label) where label == "Username":
            // Signing up through the app: the account's id is the username in lower case.
            let username = text.trimmingCharacters(in: .whitespaces).lowercased()
            if !username.isEmpty { add(username) }
        case .givenMe(let name):
            me = name
        default:
            break
        }
    }

    private mutating func add(_ name: String) {
        if known.insert(name).inserted { people.append(name) }
    }

    // MARK: Messages

    /// "unknown person", with the closest set-up name or what to add.
    private func unknown(_ name: String) -> String {
        let message = "unknown person \(Self.quoted(name))"
        if !demoPeopleGiven, DemoData.people.contains(where: { $0.username == name }) {
            return message + "; \(name) is a demo person: add 'given demo people' before this step"
        }
        if let close = suggestion(for: name) {
            return message + "; did you mean '\(close)'?"
        }
        guard !people.isEmpty else {
            return message
                + "; nobody is set up before this step: add 'given demo people' or "
                + "'given user <name> password \"<password>\"'"
        }
        let shown = people.prefix(10).map { Self.quoted($0) }.joined(separator: ", ")
        let more = people.count > 10 ? " and \(people.count - 10) more" : ""
        return message + "; the people set up before this step: \(shown)\(more)"
    }

    /// The set-up name closest to `name`, if it is close enough to be a typo.
    ///
    /// Bounded: names longer than ``longestComparedName`` are not compared, and at most
    /// ``mostComparedNames`` names are, so a hostile file cannot make this slow.
    private func suggestion(for name: String) -> String? {
        guard name.count <= Self.longestComparedName else { return nil }
        let threshold = min(3, max(2, name.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in people.prefix(Self.mostComparedNames)
        where candidate.count <= Self.longestComparedName {
            let distance = ScenarioParser.editDistance(name, candidate)
            if distance <= threshold, distance < best?.distance ?? Int.max {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// A name in quotes, cut short when it is long.
    static func quoted(_ name: String) -> String {
        name.count <= longestQuotedName ? "'\(name)'" : "'\(name.prefix(longestQuotedName))…'"
    }
}

extension ScenarioNameCheck {
    /// The scenario if every person it names exists and none is "me" where someone else is needed;
    /// otherwise a syntax error at the first name that breaks the rule.
    ///
    /// The generated people are as many as the scenario's `given candidates` makes (wherever it
    /// stands, as for the runner), 200 without one. `lines` are the file's lines, for the error.
    static func validate(_ scenario: Scenario, lines: [String]) -> Result<Scenario, ScenarioSyntaxError> {
        var generatedPeople = EmbeddedServerConfiguration().candidatePoolSize
        for located in scenario.steps {
            if case .givenCandidates(let count) = located.step { generatedPeople = count }
        }
        var check = ScenarioNameCheck(generatedPeople: generatedPeople)
        for located in scenario.steps {
            guard let message = check.check(located.step) else { continue }
            let lineText = lines.indices.contains(located.line - 1) ? lines[located.line - 1] : located.source
            return .failure(
                ScenarioSyntaxError(
                    path: scenario.path, line: located.line,
                    column: nameColumn(of: located.step, in: lineText),
                    message: message, lineText: lineText))
        }
        return .success(scenario)
    }

    /// The column of the name in a step's line: the token after `given I am`, `expect unread`, or
    /// `given`, else the first.
    static func nameColumn(of step: ScenarioStep, in line: String) -> Int {
        guard case .success(let tokens) = ScenarioParser.tokenize(line), let first = tokens.first else {
            return 1
        }
        let index: Int
        switch step {
        case .givenMe: index = 3
        case .expectUnread: index = 2
        default: index = first.word == "given" ? 1 : 0
        }
        return tokens.indices.contains(index) ? tokens[index].column : first.column
    }
}
