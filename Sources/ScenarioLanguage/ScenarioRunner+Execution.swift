import EmbeddedBackend
import Foundation
import GenericScreens
import HeadlessFrontEnd
import Models

extension ScenarioRunner {
    /// The state of one run: the world, who "me" is, the people set up so far, and how far event
    /// expectations have read.
    @MainActor
    package struct Execution {
        let world: any ScenarioWorld
        let environment: ScenarioEnvironment
        var me: UserID?
        var eventCursor = 0
        /// The people set up so far: a step naming someone else fails before it runs.
        var names: ScenarioNameCheck

        package init(world: any ScenarioWorld, environment: ScenarioEnvironment) {
            self.world = world
            self.environment = environment
            names = ScenarioNameCheck(generatedPeople: world.generatedPeople)
        }

        package mutating func perform(_ step: ScenarioStep) -> Problem? {
            if let message = names.check(step) { return Problem(message: message) }
            do {
                return try run(step)
            } catch let error as HeadlessError {
                return Problem(message: error.description)
            } catch let error as ScenarioRunError {
                return Problem(message: error.message)
            } catch {
                return Problem(message: "\(error)")
            }
        }

        private mutating func run(_ step: ScenarioStep) throws -> Problem? {
            if step.isExpectation {
                // On a real server the outcome may still be on its way: let it arrive first.
                var probe = self
                world.eventually {
                    do {
                        return try probe.check(step) == nil
                    } catch {
                        return false
                    }
                }
            }
            return try check(step)
        }

        private mutating func check(_ step: ScenarioStep) throws -> Problem? {
            switch step {
            case .givenDemoPeople: world.addDemoPeople()
            case .givenUser(let username, let password, let born):
                try world.addUser(username: username, password: password, born: born)
            case .givenCandidates, .givenDailyLikes, .givenLatency: break
            case .givenMe(let name): me = UserID(name)
            case .launch: world.launch()
            case .relaunch: world.relaunch()
            case .tap(let label): try world.tap(label)
            case .type(let text, let label): try world.type(text, into: label)
            case .typeRepeated(let count, let text, let label):
                try world.type(String(repeating: text, count: count), into: label)
            case .typeVariable(let name, let label): try world.type(environment.value(of: name), into: label)
            case .swipe(let action):
                switch action {
                case .like: try world.tap("Like")
                case .pass: try world.tap("Pass")
                case .superLike: try world.tap("Super like")
                }
            case .open(let link): world.open(link)
            case .logout:
                try world.tap("Log out")
                guard world.alert?.title == "Log out?" else {
                    return Problem(message: "no logout confirmation appeared")
                }
                try world.tap("Log out")
            case .wait(let duration): world.wait(duration)
            case .likesMe(let name, let superLike):
                world.like(from: UserID(name), to: try counterpart(of: name, in: step), superLike: superLike)
            case .sends(let name, let text):
                try world.sendMessage(from: UserID(name), to: try counterpart(of: name, in: step), text)
            case .reads(let name): world.read(by: UserID(name), with: try counterpart(of: name, in: step))
            case .types(let name): world.type(by: UserID(name), to: try counterpart(of: name, in: step))
            case .unmatchesMe(let name):
                world.unmatch(by: UserID(name), with: try counterpart(of: name, in: step))
            case .edits(let name, let text, let newText):
                try world.editMessage(
                    by: UserID(name), with: try counterpart(of: name, in: step), from: text, to: newText)
            case .deletes(let name, let text):
                try world.deleteMessage(by: UserID(name), with: try counterpart(of: name, in: step), text)
            case .blocksMe(let name):
                try world.block(by: UserID(name), of: try counterpart(of: name, in: step))
            case .unlikesMe(let name):
                try world.withdrawLike(from: UserID(name), to: try counterpart(of: name, in: step))
            case .matchesMe(let name):
                let me = try counterpart(of: name, in: step)
                world.like(from: me, to: UserID(name), superLike: false)
                world.like(from: UserID(name), to: me, superLike: false)
            case .network(let up): world.setNetwork(up: up)
            case .serverRevokesToken:
                guard let user = world.signedInUser ?? me else {
                    return Problem(message: "nobody is signed in")
                }
                world.revokeSessions(of: user)
            case .serverFailsNext(let endpoint): try world.failNext(endpoint)
            case .serverFails(let endpoint, let failure, let span):
                guard let embedded = world as? EmbeddedScenarioWorld else {
                    throw ScenarioRunError("'\(step.scenarioLine)' needs the embedded backend")
                }
                try embedded.fail(endpoint, with: failure, span: span)
            case .damage, .crashLeavesTemporaryFiles, .expectNoTemporaryFiles, .expectFilesSetAside:
                return try fileStep(step)
            case .expectScreen(let name):
                let actual = world.screen?.id.rawValue ?? "(nothing shown)"
                if actual != name {
                    return Problem(message: "the screen is not \(name)", expected: name, actual: actual)
                }
            case .expectText(let text):
                if !world.visibleTexts.contains(where: { $0.contains(text) }) {
                    return Problem(
                        message: "no visible text contains \"\(text)\"", expected: text, actual: shownText())
                }
            case .expectNoText(let text):
                if let found = world.visibleTexts.first(where: { $0.contains(text) }) {
                    return Problem(
                        message: "\"\(text)\" is visible", expected: "no \"\(text)\"", actual: found)
                }
            case .expectExactText(let text):
                if !world.visibleTexts.contains(text) {
                    return Problem(
                        message: "no visible text is exactly \"\(text)\"", expected: text, actual: shownText()
                    )
                }
            case .expectRows(let list, let rows):
                guard let shown = world.screen?.lists.first(where: { $0.id == list }) else {
                    return Problem(
                        message: "no list \"\(list)\" is shown", expected: list, actual: listNames())
                }
                let titles = shown.items.map(\.title)
                if titles != rows {
                    return Problem(
                        message: "the list \"\(list)\" shows other rows",
                        expected: rows.map { "\"\($0)\"" }.joined(separator: ", "),
                        actual: titles.map { "\"\($0)\"" }.joined(separator: ", "))
                }
            case .expectRowCount(let list, let count):
                guard let shown = world.screen?.lists.first(where: { $0.id == list }) else {
                    return Problem(
                        message: "no list \"\(list)\" is shown", expected: list, actual: listNames())
                }
                if shown.items.count != count {
                    return Problem(
                        message: "the list \"\(list)\" shows \(shown.items.count) rows", expected: "\(count)",
                        actual: "\(shown.items.count)")
                }
            case .expectButton(let label, let isEnabled):
                let state = { (enabled: Bool) in enabled ? "enabled" : "disabled" }
                guard let button = shownButtons().first(where: { $0.label == label }) else {
                    return Problem(
                        message: "no button \"\(label)\" is shown",
                        expected: "\"\(label)\" \(state(isEnabled))",
                        actual: buttonList())
                }
                if button.isEnabled != isEnabled {
                    return Problem(
                        message: "the button \"\(label)\" is \(state(button.isEnabled))",
                        expected: state(isEnabled), actual: state(button.isEnabled))
                }
            case .expectNoButton(let label):
                if shownButtons().contains(where: { $0.label == label }) {
                    return Problem(
                        message: "the button \"\(label)\" is shown", expected: "no \"\(label)\"",
                        actual: buttonList())
                }
            case .expectNoEvent(let name, let properties):
                let rest = world.transcript.events.dropFirst(eventCursor)
                if let fired = rest.first(where: { event in
                    event.name == name
                        && properties.allSatisfy { expected in
                            event.properties[expected.key].map(world.scenarioName(of:)) == expected.value
                        }
                }) {
                    return Problem(
                        message: "the event \(name) was fired (since the last expected event)",
                        expected: "no \(name)", actual: fired.description)
                }
            case .expectAlert(let title):
                let actual = world.alert?.title ?? "(no alert)"
                if actual != title {
                    return Problem(message: "the alert is not \"\(title)\"", expected: title, actual: actual)
                }
            case .expectEvent(let name, let properties):
                let events = world.transcript.events
                let rest = events.dropFirst(eventCursor)
                guard
                    let index = rest.firstIndex(where: { event in
                        event.name == name
                            && properties.allSatisfy { expected in
                                event.properties[expected.key].map(world.scenarioName(of:)) == expected.value
                            }
                    })
                else {
                    let expected =
                        ([name] + properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
                        .joined(separator: " ")
                    let since = rest.filter { $0.name != "screen_shown" }.map(\.description)
                    return Problem(
                        message: "the event \(name) was not fired (since the last expected event)",
                        expected: expected,
                        actual: since.isEmpty ? "(no events)" : since.joined(separator: "; "))
                }
                eventCursor = index + 1
            case .expectOutbox(let count):
                if world.outboxCount != count {
                    return Problem(
                        message: "the outbox holds \(world.outboxCount)", expected: "\(count)",
                        actual: "\(world.outboxCount)")
                }
            case .expectUnread(let name, let count):
                let actual = world.unreadCount(with: UserID(name))
                if actual != count {
                    return Problem(
                        message:
                            "the conversation with \(name) has \(actual.map(String.init) ?? "no") unread messages",
                        expected: "\(count)", actual: actual.map(String.init) ?? "no conversation")
                }
            case .expectQueuedSwipes(let count):
                if world.queuedSwipes != count {
                    return Problem(
                        message: "the swipe queue holds \(world.queuedSwipes)", expected: "\(count)",
                        actual: "\(world.queuedSwipes)")
                }
            }
            return nil
        }

        /// "Me" in a step of `name`'s: the one `given I am` named, else the signed-in user;
        /// an error if nobody is, or if that is `name` (nobody matches themselves).
        private func counterpart(of name: String, in step: ScenarioStep) throws(ScenarioRunError) -> UserID {
            guard let me = me ?? world.signedInUser else {
                throw ScenarioRunError("who is 'me'? sign in first, or add 'given I am <name>'")
            }
            guard world.scenarioName(of: me.rawValue) != name else {
                let reason = self.me == nil ? "the signed-in user" : "given I am \(name)"
                throw ScenarioRunError(ScenarioNameCheck.selfProblem(name, step, because: reason))
            }
            return me
        }

        private func shownText() -> String {
            world.visibleTexts.filter { !$0.isEmpty }.map { "\"\($0)\"" }.joined(separator: ", ")
        }

        /// The buttons a person can press now: the alert's while one is shown, else the screen's.
        private func shownButtons() -> [ScreenAction] {
            world.alert?.actions ?? world.screen?.actions ?? []
        }

        /// The buttons shown, labelled, with the disabled ones marked.
        private func buttonList() -> String {
            let buttons = shownButtons().map { "\"\($0.label)\"" + ($0.isEnabled ? "" : " (disabled)") }
            return buttons.isEmpty ? "(no buttons)" : buttons.joined(separator: ", ")
        }

        /// The lists shown, by name.
        private func listNames() -> String {
            let names = world.screen?.lists.map { "\"\($0.id)\"" } ?? []
            return names.isEmpty ? "(no list)" : names.joined(separator: ", ")
        }
    }
}
