import Foundation
import TestSupport
import Testing

/// Keeps generated documentation equal to what the code produces.
@Suite struct DocsTests {
    @Test func theFlowGraphPage_embedsTheCurrentGraph_markedWithWhatTheScenariosNeverTake() throws {
        let page = try String(
            contentsOf: CLITests.root.appendingPathComponent("Docs/FlowGraph.md"), encoding: .utf8)
        let outcome = try CLITests().discover(["graph", "--taken-by", "Scenarios"], in: CLITests.root)
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("never taken"))
        let block = "```mermaid\n" + outcome.stdout + "```"
        if Golden.isRegenerating, let start = page.range(of: "```mermaid\n"),
            let end = page.range(of: "```", range: start.upperBound..<page.endIndex)
        {
            // Scripts/regenerate-goldens: the page gets the graph drawn now.
            let url = CLITests.root.appendingPathComponent("Docs/FlowGraph.md")
            _ = try Golden.expected(
                page.replacingCharacters(in: start.lowerBound..<end.upperBound, with: block), at: url)
            return
        }
        #expect(page.contains(block))
    }

    @Test func graphTakenBy_marksExactlyTheTransitionsNoScenarioTook() throws {
        let plain = try CLITests().discover(["graph"], in: CLITests.root)
        let marked = try CLITests().discover(
            ["graph", "--taken-by", "Scenarios/login/wrong-password.scenario"], in: CLITests.root)
        let plainLines = plain.stdout.split(separator: "\n")
        let markedLines = marked.stdout.split(separator: "\n")
        #expect(plainLines.count == markedLines.count)
        // Only transition lines change, and each changed one becomes a dotted "never taken" edge.
        for (before, after) in zip(plainLines, markedLines) where before != after {
            #expect(after.contains(" -.->|") && after.contains(" · never taken|"))
            #expect(before.contains(" -->|"))
        }
        // The scenario signs in from the welcome screen: that transition stays drawn as taken.
        #expect(markedLines.contains("    LoginFlow_welcome -->|Log in| LoginFlow_signIn"))
        #expect(markedLines.contains { $0.contains("LoginFlow_signIn -.->|Back · never taken|") })
    }
}
