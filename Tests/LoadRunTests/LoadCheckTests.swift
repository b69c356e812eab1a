import LoadRun
import Testing

/// The final checks over recorded facts: two people who chatted, and each way it can go wrong.
@Suite struct LoadCheckTests {
    /// Person 0 and person 1 matched and sent each other two messages; everything agrees.
    private func conversation() -> [LoadPersonFacts] {
        let texts = ["p0>p1 #1", "p1>p0 #1", "p0>p1 #2", "p1>p0 #2"]
        var zero = LoadPersonFacts(person: 0)
        var one = LoadPersonFacts(person: 1)
        zero.sent = [sent("p0>p1 #1", to: 1, at: 10), sent("p0>p1 #2", to: 1, at: 12)]
        one.sent = [sent("p1>p0 #1", to: 0, at: 11), sent("p1>p0 #2", to: 0, at: 13)]
        zero.shown = [shown("p1>p0 #1", at: 11.5), shown("p1>p0 #2", at: 13.2)]
        one.shown = [shown("p0>p1 #1", at: 10.4), shown("p0>p1 #2", at: 12.9)]
        for index in [0, 1] {
            let view = LoadConversationView(other: 1 - index, isLive: true, texts: texts, unreadCount: 1)
            let read = LoadConversationView(other: 1 - index, isLive: true, texts: texts, unreadCount: 0)
            let facts = [zero, one]
            var person = facts[index]
            person.appView = [view]
            person.serverView = [view]
            person.appViewAfterReading = [read]
            person.serverViewAfterReading = [read]
            person.leftInQueues = ["outbox": 0, "swipes": 0, "chat actions": 0]
            if index == 0 { zero = person } else { one = person }
        }
        return [zero, one]
    }

    private func sent(_ text: String, to recipient: Int, at time: Double) -> LoadSentMessage {
        LoadSentMessage(text: text, recipient: recipient, sentAt: time)
    }

    private func shown(_ text: String, at time: Double) -> LoadShownMessage {
        LoadShownMessage(text: text, shownAt: time, atCheck: false)
    }

    @Test func aConversationSeenAlikeEverywhere_hasNoProblem() {
        #expect(LoadCheck.problems(conversation()) == [])
    }

    @Test func aMessageTheRecipientNeverShowed_isLost() {
        var people = conversation()
        people[1].shown.removeAll { $0.text == "p0>p1 #2" }
        #expect(LoadCheck.problems(people) == [.lost(text: "p0>p1 #2", recipient: 1)])
    }

    @Test func aMessageShownTwice_isDuplicated_andTheSidesDisagree() {
        var people = conversation()
        people[1].appView[0].texts.append("p0>p1 #2")
        #expect(
            LoadCheck.problems(people) == [
                .sidesDisagree(first: 0, second: 1),
                .duplicated(text: "p0>p1 #2", viewer: 1, where: "app"),
                .appAndServerDisagree(viewer: 1, other: 0),
            ])
    }

    @Test func aSendersMessagesOutOfOrder_areReordered() {
        var people = conversation()
        people[0].serverView[0].texts = ["p0>p1 #2", "p1>p0 #1", "p0>p1 #1", "p1>p0 #2"]
        #expect(
            LoadCheck.problems(people) == [
                .reordered(viewer: 0, other: 1, where: "server"), .appAndServerDisagree(viewer: 0, other: 1),
            ])
    }

    @Test func aMessageMissingFromAView_isMissing() {
        var people = conversation()
        people[0].appView[0].texts.removeLast()
        #expect(
            LoadCheck.problems(people) == [
                .missing(text: "p1>p0 #2", viewer: 0, where: "app"),
                .appAndServerDisagree(viewer: 0, other: 1),
                .sidesDisagree(first: 0, second: 1),
            ])
    }

    @Test func aMatchOnlyOneSideSees_isOneSided() {
        var people = conversation()
        people[1].serverView = []
        #expect(LoadCheck.problems(people) == [.matchSeenByOneSide(viewer: 0, other: 1, where: "server")])
    }

    @Test func anEndedMatchStillShown_isReported_forBothSides() {
        var people = conversation()
        people[1].unmatched = [0]
        let problems = LoadCheck.problems(people)
        #expect(problems.contains(.endedMatchShown(viewer: 0, other: 1, where: "app")))
        #expect(problems.contains(.endedMatchShown(viewer: 1, other: 0, where: "server")))
    }

    @Test func unreadCountsThatDiffer_orStayAfterReading_andMissingReceipts_areReported() {
        var people = conversation()
        people[0].serverView[0].unreadCount = 3
        people[1].serverViewAfterReading[0].unreadCount = 1
        people[1].appViewAfterReading[0].ownUnread = 2
        #expect(
            LoadCheck.problems(people) == [
                .unreadCountsDisagree(viewer: 0, other: 1, app: 1, server: 3),
                .unreadAfterReading(viewer: 1, other: 0, count: 1, where: "server"),
                .receiptsMissing(viewer: 1, other: 0, count: 2),
            ])
    }

    @Test func itemsLeftInAQueue_andErrors_areReported() {
        var people = conversation()
        people[0].leftInQueues["outbox"] = 2
        people[1].errors = ["sign up: not done within 30 s"]
        #expect(
            LoadCheck.problems(people) == [
                .leftInQueue(person: 0, queue: "outbox", count: 2),
                .personError(person: 1, text: "sign up: not done within 30 s"),
            ])
    }

    @Test func theFigures_takeLatenciesOfMessagesShownLive_andPercentilesByNearestRank() {
        var people = conversation()
        people[0].shown[1].atCheck = true
        let latencies = LoadFigures.latencies(people).sorted()
        #expect(latencies.count == 3)
        #expect(abs(latencies[0] - 0.4) < 1e-9 && abs(latencies[2] - 0.9) < 1e-9)
        #expect(LoadFigures.percentile([3, 1, 2, 4], 0.5) == 2)
        #expect(LoadFigures.percentile([3, 1, 2, 4], 0.99) == 4)
        #expect(LoadFigures.percentile([], 0.5) == 0)
        let report = LoadDriverReport(
            driver: 0, people: people, cpuSeconds: 4, mainThreadSeconds: 1, wallSeconds: 10,
            peakMemoryBytes: 3_000_000, baselineMemoryBytes: 1_000_000)
        let figures = LoadFigures.from([report], chatSeconds: 2)
        #expect(figures.messages == 4)
        #expect(figures.messagesPerSecond == 2)
        #expect(figures.cpuSecondsPerPerson == 2)
        #expect(figures.memoryBytesPerPerson == 1_000_000)
        #expect(figures.shownAtCheck == 1)
        #expect(LoadTable.text(figures).contains("messages per second              | 2.0"))
    }
}
