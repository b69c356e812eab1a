import EmbeddedBackend
import Interactors
import Models
import Testing

/// Conversation ids name one pair each, read back to it, and live in a link; other text names no pair.
@Suite struct ConversationIDTests {
    @Test func idsOfPairsWithDashes_neverCollide_theNamedExample() {
        let first = Match.id(between: "ann", and: "bob-cat")
        let second = Match.id(between: "ann-bob", and: "cat")
        #expect(first != second)
        #expect(first == "m-ann~bob-cat")
        #expect(second == "m-ann-bob~cat")
        #expect(Match.pair(in: first).map { [$0.first, $0.second] } == ["ann", "bob-cat"])
        #expect(Match.pair(in: second).map { [$0.first, $0.second] } == ["ann-bob", "cat"])
    }

    @Test func idsOfRandomPairsOfValidUsernames_neverCollide_andDecodeToThePair() {
        var generator = SeededGenerator(seed: 24)
        var pairs: [String: [String]] = [:]
        for _ in 0..<5_000 {
            let first = Self.username(using: &generator)
            let second = Self.username(using: &generator)
            #expect(LoginValidator.isUsername(first) && LoginValidator.isUsername(second))
            let id = Match.id(between: UserID(first), and: UserID(second))
            let pair = [first, second].sorted()
            if let earlier = pairs[id] { #expect(earlier == pair, "\(earlier) and \(pair) share \(id)") }
            pairs[id] = pair
            #expect(id == Match.id(between: UserID(second), and: UserID(first)))
            #expect(Match.pair(in: id).map { [$0.first.rawValue, $0.second.rawValue].sorted() } == pair)
            #expect(Match.other(in: id, than: UserID(first)) == UserID(second))
            #expect(Match.other(in: id, than: UserID(second)) == UserID(first))
        }
        #expect(pairs.count > 4_900)
    }

    @Test func everyWayOfCuttingADashedNameInTwo_getsItsOwnID() {
        var generator = SeededGenerator(seed: 6)
        for _ in 0..<500 {
            let whole = (0..<Int.random(in: 3...6, using: &generator)).map { _ in
                Self.username(using: &generator, lengths: 3...8)
            }.joined(separator: "-")
            let dashes = whole.indices.filter { whole[$0] == "-" }
            let ids = dashes.map { dash in
                Match.id(
                    between: UserID(String(whole[..<dash])),
                    and: UserID(String(whole[whole.index(after: dash)...])))
            }
            #expect(Set(ids).count == ids.count, "\(whole)")
        }
    }

    @Test(arguments: [
        ("@alice:localhost", "@bob-cat:localhost"), ("a~b", "c"), ("50%", "x"), ("a/b", "c d"),
        ("é", "e\u{301}"),
        ("👩‍👩‍👧", "~"), ("%41", "A"),
    ])
    func anyTwoUserIDs_makeAnIDOfLinkSafeCharacters_thatReadsBackToThem(_ first: String, _ second: String) {
        let id = Match.id(between: UserID(first), and: UserID(second))
        #expect(id.utf8.allSatisfy { byte in Self.linkSafe.contains(byte) })
        #expect(id.filter { $0 == "~" }.count == 1)
        // Compared byte for byte: `é` and `e` with a combining accent are equal as Swift strings.
        let pair = Match.pair(in: id).map { [Array($0.first.rawValue.utf8), Array($0.second.rawValue.utf8)] }
        #expect(pair.map(Set.init) == Set([Array(first.utf8), Array(second.utf8)]))
        #expect(
            Match.other(in: id, than: UserID(first)).map { Array($0.rawValue.utf8) } == Array(second.utf8))
        #expect(
            Match.other(in: id, than: UserID(second)).map { Array($0.rawValue.utf8) } == Array(first.utf8))
        #expect(DeepLinkParser.parse("discover://chat/\(id)") == .success(.chat(id)))
    }

    @Test(arguments: [
        "m-bob~ann", "m-%61nn~bob", "m-ann~bob~cat", "m-~bob", "m-ann~", "m-ann%4~bob", "m-ann%zz~bob",
        "m-%c3%a9~b", "m-%FF~b", "m-ann-bob", "x-ann~bob", "m-ann bob~cat", "", "m-",
    ])
    func textsThatNoPairWouldBeGiven_nameNoPair(_ text: String) {
        #expect(Match.pair(in: text) == nil)
        #expect(Match.other(in: text, than: "ann") == nil)
    }

    @Test func anIDOfTheFormNeverReleased_namesNoPair() {
        // `m-<a>-<b>` (the two ids joined by `-`) was never released: it is not read.
        #expect(Match.pair(in: "m-alice-bob") == nil)
        #expect(Match.other(in: "m-alice-bob", than: "alice") == nil)
    }

    /// The URL-unreserved characters but `~` (RFC 3986), `%` and the one `~`: a link's path component
    /// and a file name on every system.
    static let linkSafe = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._%~".utf8)

    /// A valid username (LoginValidator) rich in `-`, `.` and `_`, so many pairs nearly collide.
    static func username(using generator: inout SeededGenerator, lengths: ClosedRange<Int> = 3...12) -> String
    {
        let common = Array("ab-")
        let all = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        let length = Int.random(in: lengths, using: &generator)
        return String(
            (0..<length).map { _ in
                Bool.random(using: &generator)
                    ? common.randomElement(using: &generator) ?? "a"
                    : all.randomElement(using: &generator) ?? "a"
            })
    }
}
