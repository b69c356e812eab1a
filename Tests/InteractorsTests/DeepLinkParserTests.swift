import Interactors
import Models
import Testing

@Suite struct DeepLinkParserTests {
    @Test func knownLinks_parseToTheirRoutes() {
        #expect(DeepLinkParser.parse("discover://deck") == .success(.deck))
        #expect(DeepLinkParser.parse("discover://matches") == .success(.matches))
        #expect(DeepLinkParser.parse("discover://chat/bob") == .success(.chat("bob")))
        #expect(DeepLinkParser.parse("discover://profile/alice") == .success(.profile("alice")))
        #expect(DeepLinkParser.parse("DISCOVER://Deck") == .success(.deck))
        #expect(DeepLinkParser.parse("  discover://chat/bob\n") == .success(.chat("bob")))
    }

    @Test func routes_printAsTheLinksThatOpenThem() {
        for route in [Route.deck, .matches, .chat("m1"), .profile("carol")] {
            #expect(DeepLinkParser.parse(route.description) == .success(route))
        }
    }

    @Test func otherSchemes_areUnsupported() {
        #expect(
            DeepLinkParser.parse("https://example.com") == .failure(.unsupportedScheme("https://example.com"))
        )
    }

    @Test func unknownPlaces_areRejected() {
        #expect(DeepLinkParser.parse("discover://settings") == .failure(.unknownDestination("settings")))
        #expect(DeepLinkParser.parse("discover://deck/extra") == .failure(.unknownDestination("deck/extra")))
    }

    @Test(arguments: ["discover://chat", "discover://chat/", "discover://chat/a/b", "discover://profile/a b"])
    func missingOrBadIdentifiers_areRejected(_ link: String) {
        guard case .failure(.invalidIdentifier) = DeepLinkParser.parse(link) else {
            Issue.record("\(link) should be an invalid identifier")
            return
        }
    }
}
