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

    @Test func textsLongerThanTheInlineRoom_giveTheSameTextAsConcatenation() {
        // Pieces that cross the inline room mid-piece, end exactly at it, or start past it; the
        // builder made with room for less, or more, than it keeps inline.
        let pieces = [
            "Ünïcode · ", String(repeating: "a", count: 97), "🌍", "b", "", String(repeating: "c", count: 300),
        ]
        for capacity in [0, TextBuilder.inlineCapacity, TextBuilder.inlineCapacity + 1, 1_000] {
            for count in 1...pieces.count {
                var builder = TextBuilder(capacity: capacity)
                var expected = ""
                for (index, piece) in pieces.prefix(count).enumerated() {
                    builder.append(piece)
                    builder.append(index * 1_001)
                    expected += piece + String(index * 1_001)
                }
                #expect(builder.text == expected)
                #expect(builder.isEmpty == expected.isEmpty)
            }
        }
        var exact = TextBuilder(capacity: 8)
        exact.append(String(repeating: "x", count: TextBuilder.inlineCapacity - 2))
        exact.append(42)
        #expect(exact.text == String(repeating: "x", count: TextBuilder.inlineCapacity - 2) + "42")
        exact.append("!")
        #expect(exact.text == String(repeating: "x", count: TextBuilder.inlineCapacity - 2) + "42!")
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
}
