import TestSupport
import Testing

/// One service contract, two backends: the embedded backend always, the Matrix backend when a
/// homeserver is up (`DISCOVER_HOMESERVER`).
@MainActor
@Suite struct ServiceContractTests {
    @Test(arguments: ContractCase.allCases)
    func embeddedBackend(_ contractCase: ContractCase) throws {
        try ServiceContract(harness: EmbeddedHarness()).run(contractCase)
    }

    @Test(
        .enabled(if: MatrixTestServer.isAvailable, Comment(rawValue: MatrixTestServer.skipReason)),
        arguments: ContractCase.allCases)
    func matrixBackend(_ contractCase: ContractCase) throws {
        try ServiceContract(harness: MatrixHarness()).run(contractCase)
    }
}
