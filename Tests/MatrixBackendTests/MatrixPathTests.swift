import Foundation
import Testing

@testable import MatrixBackend

/// Request paths built from data: every id one segment, `.` and `..` never path segments.
struct MatrixPathTests {
    @Test func dotSegments_areEncoded_soTheyCannotClimbOrVanish() {
        #expect(MatrixPath.segment(".") == "%2E")
        #expect(MatrixPath.segment("..") == "%2E%2E")
        #expect(MatrixPath.segment("...") == "%2E%2E%2E")
        #expect(
            MatrixPath.encoded(["rooms", "!p:x", "state", "com.discover.profile", ".."])
                == "rooms/%21p%3Ax/state/com.discover.profile/%2E%2E")
        // A dot inside a longer segment is an ordinary character.
        #expect(MatrixPath.segment("@s1.alice:localhost") == "%40s1.alice%3Alocalhost")
        #expect(MatrixPath.segment("../..") == "..%2F..")
    }

    @Test func separatorsAndEscapes_inIds_arePercentEncoded() {
        #expect(MatrixPath.segment("a/b") == "a%2Fb")
        #expect(MatrixPath.segment("a?b=c") == "a%3Fb%3Dc")
        #expect(MatrixPath.segment("#alias:x") == "%23alias%3Ax")
        #expect(MatrixPath.segment("100%") == "100%25")
        #expect(MatrixPath.segment("%2E%2E") == "%252E%252E")
        #expect(MatrixPath.segment("a b\u{0}\n") == "a%20b%00%0A")
        #expect(MatrixPath.segment("t-42_x~y") == "t-42_x~y")
    }

    @Test func unicode_isEncodedAsUTF8Bytes() {
        #expect(MatrixPath.segment("zoë") == "zo%C3%AB")
        #expect(MatrixPath.segment("東") == "%E6%9D%B1")
        #expect(MatrixPath.segment("👩") == "%F0%9F%91%A9")
    }

    @Test func anEncodedPath_survivesURLParsing_asTheSameSegments() throws {
        let ids = ["..", ".", "a/b", "?q", "#f", "%41", "zoë", "@u:x"]
        let url = try #require(URL(string: "http://127.0.0.1:1/base/" + MatrixPath.encoded(ids)))
        let path = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath)
        let segments = path.split(separator: "/").dropFirst().map { $0.removingPercentEncoding ?? "" }
        #expect(segments == ids)
        #expect(url.query == nil)
        #expect(url.fragment == nil)
        #expect(url.standardized.path.hasPrefix("/base/"))
    }
}
