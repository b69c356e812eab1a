import Foundation
import Interactors
import Models
import Testing

/// Text that shows nothing (zero-width characters, joiners, a byte-order mark…) is blank: a message of
/// it is refused like an empty one, and so is a required field; visible text keeps its invisible
/// characters.
@Suite struct InvisibleTextTests {
    /// Characters that show nothing on their own.
    static let invisible: [Unicode.Scalar] = [
        "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{00AD}", "\u{180E}", "\u{2061}",
        "\u{2062}",
        "\u{2063}", "\u{2064}", "\u{FE0F}", "\u{FE00}", "\u{E0100}", "\u{034F}", "\u{200E}", "\u{200F}",
        "\u{202E}",
        "\u{2066}", "\u{061C}", "\u{115F}", "\u{3164}", "\u{FFA0}", "\u{2800}", "\u{E0001}", "\u{E0041}",
        "\u{0000}",
        "\u{7F}",
    ]

    static let now = Date(timeIntervalSince1970: 1_768_467_600)

    static let empty = Result<String, MessageProblemError>.failure(MessageProblemError(problem: .empty))

    @Test(arguments: invisible)
    func aMessageOfOneInvisibleCharacter_isRefusedAsEmpty(_ scalar: Unicode.Scalar) {
        let text = String(scalar)
        #expect(Whitespace.isBlank(text))
        #expect(MessageValidator.validate(text) == Self.empty)
        #expect(MessageValidator.validate(" " + text + text + "\n" + text + " ") == Self.empty)
    }

    @Test func aMessageOfEveryInvisibleCharacterAndWhiteSpace_isRefusedAsEmpty() {
        let text = String(String.UnicodeScalarView(Self.invisible)) + " \t\u{3000}\u{A0}"
        #expect(MessageValidator.validate(text) == Self.empty)
        #expect(
            MessageValidator.validate(String(repeating: "\u{200D}\u{2060}\u{FEFF}", count: 3_000))
                == Self.empty)
    }

    @Test(arguments: invisible)
    func visibleTextWithInvisibleCharacters_isSentUnchanged(_ scalar: Unicode.Scalar) {
        let invisible = String(scalar)
        // At the end too, but for the zero-width space: trimmed there, as Foundation trims it.
        let atTheEnd = scalar == "\u{200B}" ? [] : ["a" + invisible, "\u{200D}a" + invisible]
        for text in atTheEnd + ["hi" + invisible + "there", "x" + invisible + invisible + "y"] {
            #expect(!Whitespace.isBlank(text))
            #expect(MessageValidator.validate(text) == .success(text), "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func emoji_keepTheirJoinersAndVariationSelectors() {
        for text in ["👩\u{200D}👩\u{200D}👧", "❤\u{FE0F}", "👍🏽", "🏳\u{FE0F}\u{200D}🌈", "\u{301}"] {
            #expect(MessageValidator.validate(text) == .success(text))
        }
    }

    @Test func visibleCharacters_areNotBlank() {
        for text in ["a", "0", "é", "e\u{301}", "~", "·", "ـ", "ㅤx", "\u{2801}", "中", "😀"] {
            #expect(!Whitespace.isBlank(text), "\(Array(text.unicodeScalars))")
        }
        #expect(Whitespace.isBlank(""))
    }

    @Test func aRequiredFieldOfInvisibleCharacters_isMissing() {
        let blank = "\u{200D}\u{2060}\u{FEFF}"
        let signUp = LoginValidator.validateSignUp(
            [
                .username: blank, .password: "long enough", .displayName: blank, .birthDate: blank,
                .email: blank,
            ],
            now: Self.now)
        #expect(signUp.errors[.username] == .required)
        #expect(signUp.errors[.displayName] == .required)
        #expect(signUp.errors[.birthDate] == .required)
        #expect(signUp.errors[.email] == nil)
        #expect(
            LoginValidator.validateSignIn([.username: blank, .password: "long enough"]).errors[.username]
                == .required)
        let named = LoginValidator.validateSignUp(
            [
                .username: "ann-bob", .password: "long enough", .displayName: "Ann\u{200D}",
                .birthDate: "1990-01-01",
            ],
            now: Self.now)
        #expect(named.value?.displayName == "Ann\u{200D}")
    }
}
