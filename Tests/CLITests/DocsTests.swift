import Foundation
import Testing

/// Keeps generated documentation equal to what the code produces.
@Suite struct DocsTests {
    @Test func theFlowGraphPage_embedsTheCurrentGraph() throws {
        let page = try String(
            contentsOf: CLITests.root.appendingPathComponent("Docs/FlowGraph.md"), encoding: .utf8)
        let graph = try String(
            contentsOf: CLITests.folder.appendingPathComponent("Expected/graph.mmd"), encoding: .utf8)
        #expect(page.contains("```mermaid\n" + graph + "```"))
    }
}
