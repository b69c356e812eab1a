import Foundation

/// The phases of a driver's run: the day, then the final checks' readings.
extension LoadDriver {
    /// Runs every person's script: each step when it is due and the one before it is over.
    func runDay(from start: Date) {
        log("driver \(assignment.driver): \(people.count) people, day of \(Int(plan.daySeconds)) s")
        for person in people { step(person, start: start) }
        let end = start.addingTimeInterval(plan.daySeconds + Self.lateness)
        pump(until: { people.allSatisfy(\.isDone) }, timeout: max(0, end.timeIntervalSinceNow) + 1)
        for person in people where !person.isDone {
            let left = person.script.actions.indices.dropFirst(person.nextAction).count {
                !person.doneAhead.contains($0)
            }
            person.facts.skipped["behind schedule at the day's end", default: 0] += left
            person.isDone = true
        }
    }

    /// Does the person's next step if it is due, then schedules the one after.
    private func step(_ person: LoadPerson, start: Date) {
        guard !person.isDone else { return }
        while person.doneAhead.contains(person.nextAction) { person.nextAction += 1 }
        guard person.nextAction < person.script.actions.count else {
            person.isDone = true
            return
        }
        let action = person.script.actions[person.nextAction]
        let due = start.addingTimeInterval(action.at)
        if due.timeIntervalSinceNow > 0 {
            return later(due.timeIntervalSinceNow, person, start: start)
        }
        if Date().timeIntervalSince(start) > plan.daySeconds + Self.lateness { return }
        let outcome = person.perform(action.step)
        switch outcome {
        case .done:
            person.facts.actionsDone += 1
        case .skipped(let reason):
            person.facts.skip(reason)
        case .failed(let reason):
            person.facts.errors.append(reason)
        case .notYet:
            doNetworkStepsDue(person, start: start)
            let since = person.waitingSince ?? Date()
            person.waitingSince = since
            guard Date().timeIntervalSince(since) > Self.stepPatience else {
                return later(0.2, person, start: start)
            }
            switch action.step {
            case .signUp, .setUpProfile:
                person.facts.errors.append(
                    "\(Self.name(of: action.step)): not done within \(Int(Self.stepPatience)) s, showing \(person.shownSummary)"
                )
            case .relaunch, .swipe, .rewind, .send, .closeConversation, .goOffline, .goOnline, .unmatch:
                person.facts.skip("waited too long to \(Self.name(of: action.step))")
            }
        }
        person.waitingSince = nil
        person.nextAction += 1
        later(0, person, start: start)
    }

    /// Takes the device offline or online when the script says, even while an earlier step waits.
    private func doNetworkStepsDue(_ person: LoadPerson, start: Date) {
        let actions = person.script.actions
        for index in actions.indices.dropFirst(person.nextAction + 1) where !person.doneAhead.contains(index)
        {
            guard start.addingTimeInterval(actions[index].at) <= Date() else { break }
            switch actions[index].step {
            case .goOffline, .goOnline:
                _ = person.perform(actions[index].step)
                person.facts.actionsDone += 1
                person.doneAhead.insert(index)
            case .signUp, .setUpProfile, .relaunch, .swipe, .rewind, .send, .closeConversation, .unmatch:
                continue
            }
        }
    }

    private func later(_ seconds: Double, _ person: LoadPerson, start: Date) {
        DispatchQueue.main.asyncAfter(deadline: .now() + max(0, seconds)) { [weak self, weak person] in
            MainActor.assumeIsolated {
                guard let self, let person else { return }
                self.step(person, start: start)
            }
        }
    }

    /// A step's name, for the counts of skipped steps.
    static func name(of step: LoadStep) -> String {
        switch step {
        case .signUp: "sign up"
        case .setUpProfile: "set up a profile"
        case .relaunch: "relaunch"
        case .swipe: "swipe"
        case .rewind: "rewind"
        case .send: "send"
        case .closeConversation: "close a conversation"
        case .goOffline: "go offline"
        case .goOnline: "go online"
        case .unmatch: "unmatch"
        }
    }

    /// Everyone online, out of their conversations; waits until no queue holds an item.
    func drain() {
        for person in people {
            person.connection.http.isOffline = false
            _ = person.perform(.closeConversation)
        }
        if !pump(until: { people.allSatisfy(\.queuesAreEmpty) }, timeout: Self.phaseLimit) {
            log("driver \(assignment.driver): queues still hold items after \(Int(Self.phaseLimit)) s")
        }
        meet("drained")
    }

    /// Tells the other drivers what its people sent and ended, then waits until each of its people's
    /// apps showed every message sent to them in a match that was not ended.
    func awaitDeliveries() {
        let folder = assignment.folder
        do {
            try write(people.map(\.facts), to: LoadAssignment.sentFile(in: folder, driver: assignment.driver))
        } catch {
            log("driver \(assignment.driver): could not write what its people sent: \(error)")
        }
        meet("sent")
        var everyone: [LoadPersonFacts] = []
        for driver in 0..<assignment.options.drivers {
            let file = LoadAssignment.sentFile(in: folder, driver: driver)
            if let data = try? Data(contentsOf: file),
                let facts = try? JSONDecoder().decode([LoadPersonFacts].self, from: data)
            {
                everyone += facts
            }
        }
        let ended = LoadCheck.endedPairs(
            Dictionary(everyone.map { ($0.person, $0) }, uniquingKeysWith: { a, _ in a }))
        var expected: [Int: Set<String>] = [:]
        for sender in everyone {
            for message in sender.sent where !ended.contains(LoadPair(sender.person, message.recipient)) {
                expected[message.recipient, default: []].insert(message.text)
            }
        }
        let delivered = {
            self.people.allSatisfy { person in
                let shown = Set(person.facts.shown.map(\.text))
                return expected[person.index, default: []].isSubset(of: shown)
            }
        }
        // Live first; then what only a conversation's history shows (messages that came while the
        // app was not running show as the list's last message alone until the conversation opens).
        if !pump(until: delivered, timeout: Self.phaseLimit / 3) {
            for person in people {
                person.isChecking = true
                person.loadHistories()
            }
            if !pump(until: delivered, timeout: Self.phaseLimit) {
                log(
                    "driver \(assignment.driver): some messages were not shown after \(Int(Self.phaseLimit)) s"
                )
            }
        }
        meet("delivered")
    }

    /// Records each person's view through the app (each conversation's history loaded) and through
    /// the server.
    func readViews() {
        for person in people {
            person.isChecking = true
            person.loadHistories()
        }
        pump(until: { people.allSatisfy(\.historiesLoaded) }, timeout: Self.phaseLimit)
        for person in people {
            if let chat = person.chat { person.noteShown(chat, atCheck: true) }
            person.facts.appView = person.appView()
        }
        readServerViews { $0.facts.serverView = $1 }
        meet("viewed")
    }

    /// Everyone opens every conversation; then waits for the receipts and records the views after.
    func readEverything() {
        for person in people { person.readEverything() }
        pump(until: { people.allSatisfy(\.queuesAreEmpty) }, timeout: Self.phaseLimit)
        meet("read")
        pump(until: { people.allSatisfy(\.everythingOwnIsRead) }, timeout: Self.phaseLimit)
        for person in people { person.facts.appViewAfterReading = person.appView() }
        readServerViews { $0.facts.serverViewAfterReading = $1 }
        meet("receipts")
    }

    /// Reads every person's server view and hands each to `record`.
    private func readServerViews(_ record: @escaping (LoadPerson, [LoadConversationView]) -> Void) {
        var waiting = people.count
        for person in people {
            person.readServerView { views in
                if let views {
                    record(person, views)
                } else {
                    person.facts.errors.append("could not read the server's view")
                }
                waiting -= 1
            }
        }
        if !pump(until: { waiting == 0 }, timeout: Self.phaseLimit) {
            log("driver \(assignment.driver): the server's views took longer than \(Int(Self.phaseLimit)) s")
        }
    }
}
