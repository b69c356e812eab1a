import EmbeddedBackend
import Models
import Testing

@Suite struct TextBuilderTests {
    @Test func piecesAndNumbers_giveTheSameTextAsConcatenation() {
        let numbers = [0, 1, 9, 10, 99, 100, 12_345, 1_000_000, Int.max, -1, -42, Int.min]
        for number in numbers {
            var builder = TextBuilder(capacity: 4)
            builder.append("Ünïcode · ")
            builder.append(number)
            builder.append(" km 🌍")
            #expect(builder.text == "Ünïcode · " + String(number) + " km 🌍")
        }
    }

    @Test func anEmptyBuilder_givesAnEmptyText() {
        var builder = TextBuilder(capacity: 0)
        #expect(builder.isEmpty)
        #expect(builder.text.isEmpty)
        builder.append("")
        #expect(builder.isEmpty)
        builder.append(0)
        #expect(!builder.isEmpty)
        #expect(builder.text == "0")
    }

    @Test func digitCount_andWrite_agreeWithStringForEveryLength() {
        var value = 0
        for _ in 1...18 {
            let digits = String(value).count
            #expect(TextBuilder.digitCount(of: value) == digits)
            var bytes = [UInt8](repeating: 0, count: digits + 2)
            let written = bytes.withUnsafeMutableBytes {
                TextBuilder.write(value, digits: digits + 2, to: $0)
            }
            #expect(written == digits + 2)
            #expect(String(decoding: bytes, as: UTF8.self) == "00" + String(value))
            value = value * 10 + 7
        }
    }

    /// Pieces of every length around the 64 bytes kept in place, numbers among them, and capacities
    /// below and above it: the text is the concatenation whether it stays in place, moves to the
    /// array on the way, or starts there.
    @Test func textsAroundTheInlineCapacity_giveTheSameTextAsConcatenation() {
        let pieces = [
            "", "a", "é", "🌍", "Ünïcode · ", String(repeating: "x", count: 15),
            String(repeating: "y", count: 16), String(repeating: "z", count: 63),
            String(repeating: "w", count: 64), String(repeating: "v", count: 65),
        ]
        var generator = SeededGenerator(seed: 0x9E37_79B9_7F4A_7C15)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
        for capacity in [0, 16, 64, 65, 200] {
            for _ in 0..<300 {
                var builder = TextBuilder(capacity: capacity)
                var expected = ""
                for _ in 0..<next(8) {
                    if next(3) == 0 {
                        let number = [0, 7, 42, 12_345, 1_000_000_007, Int.max, -3][next(7)]
                        builder.append(number)
                        expected += String(number)
                    } else {
                        let piece = pieces[next(pieces.count)]
                        builder.append(piece)
                        expected += piece
                    }
                    #expect(builder.isEmpty == expected.isEmpty)
                }
                #expect(builder.text == expected)
            }
        }
    }

    @Test func aNumberThatCrossesTheInlineCapacity_isWrittenWhole() {
        for prefix in 55...64 {
            var builder = TextBuilder(capacity: 8)
            builder.append(String(repeating: "p", count: prefix))
            builder.append(1_234_567_890)
            builder.append("!")
            #expect(builder.text == String(repeating: "p", count: prefix) + "1234567890!")
        }
    }
}
