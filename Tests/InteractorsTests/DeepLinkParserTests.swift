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

    /// Identifiers in ASCII are checked without Unicode property look-ups; the answer must be the
    /// one the properties give, for every ASCII character and at the length limits.
    @Test func asciiIdentifiers_areJudgedAsByUnicodeProperties_andLength() {
        for value in UInt8(0)...UInt8(127) {
            let scalar = Unicode.Scalar(value)
            let refused =
                scalar == "/" || scalar.properties.isWhitespace
                || scalar.properties.generalCategory == .control
            let identifier = "a" + String(Character(scalar)) + "b"
            let parsed = DeepLinkParser.parse("discover://chat/" + identifier)
            #expect(
                parsed
                    == (refused
                        ? .failure(.invalidIdentifier(parsed.failedText)) : .success(.chat(identifier))))
        }
        let longest = String(repeating: "m", count: 255)
        #expect(DeepLinkParser.parse("discover://chat/" + longest) == .success(.chat(longest)))
        guard case .failure(.invalidIdentifier) = DeepLinkParser.parse("discover://chat/" + longest + "m")
        else {
            Issue.record("256 characters should be too long")
            return
        }
        #expect(
            DeepLinkParser.parse("discover://chat/é\u{85}x") == .failure(.invalidIdentifier("chat/é\u{85}x")))
        #expect(DeepLinkParser.parse("discover://chat/éa") == .success(.chat("éa")))
    }
}

extension Result where Failure == DeepLinkError {
    /// The text an `invalidIdentifier` failure quotes, for comparing whole results.
    fileprivate var failedText: String {
        if case .failure(.invalidIdentifier(let text)) = self { return text }
        return ""
    }
}
