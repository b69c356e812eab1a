import Models
import Testing

@testable import Interactors

@Suite struct DeepLinkFastPathTests {
    /// Links built from pieces around and inside every part: the fast path either declines or gives
    /// the general parse's route, and `parse` answers as the general parse does.
    @Test func printableLinks_parseAsTheGeneralParseDoes_andTheAppsOwnTakeTheFastPath() {
        let schemes = [
            "discover://", "DISCOVER://", "Discover://", "discover:/", "discover:", "", " discover://",
        ]
        let hosts = [
            "deck", "matches", "chat", "profile", "Chat", "DECK", "", "settings", "chats", "pro file", "é",
        ]
        let tails = [
            "", "/", "/m-alice-dave", "/bob", "/a/b", "/a b", "/\t", "/é",
            "/" + String(repeating: "m", count: 255),
            "/" + String(repeating: "m", count: 256), "/\u{7F}", "/x\n", " ", "/extra ", "//",
        ]
        var fast = 0
        for scheme in schemes {
            for host in hosts {
                for tail in tails {
                    let link = scheme + host + tail
                    let general = DeepLinkParser.parseInGeneral(link)
                    if let route = DeepLinkParser.printableRoute(link) {
                        #expect(general == .success(route), "\(link)")
                        fast += 1
                    }
                    #expect(DeepLinkParser.parse(link) == general, "\(link)")
                }
            }
        }
        #expect(fast > 0)
        for route in [Route.deck, .matches, .chat("m-alice-dave"), .profile("carol")] {
            #expect(DeepLinkParser.printableRoute(route.description) == route)
        }
    }
}
