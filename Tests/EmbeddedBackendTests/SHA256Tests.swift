import EmbeddedBackend
import Testing

@Suite struct SHA256Tests {
    @Test func standardVectors() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex(String(repeating: "a", count: 1000))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}

@Suite struct PasswordHasherTests {
    let hasher = PasswordHasher(rounds: 8)

    @Test func hash_keepsNoPlaintext_andVerifiesOnlyTheRightPassword() {
        let stored = hasher.hash("wonderland", salt: [1, 2, 3, 4])
        #expect(!stored.contains("wonderland"))
        #expect(hasher.verify("wonderland", against: stored))
        #expect(!hasher.verify("wonderlanD", against: stored))
    }

    @Test func differentSalts_giveDifferentHashes() {
        #expect(hasher.hash("same", salt: [1]) != hasher.hash("same", salt: [2]))
    }

    @Test(arguments: ["", "8$zz$00", "0$00$00", "x$00$00", "999999999$00$00", "8$0$00"])
    func malformedStoredForms_neverVerify(_ stored: String) {
        #expect(!hasher.verify("anything", against: stored))
    }
}

/// The faster digest, hex and stored-form code against the straightforward versions it replaced.
@Suite struct SHA256BufferHandlingTests {
    /// Every length around the padding boundaries (55/56/64 bytes) and several blocks, from a
    /// `Collection` that is not contiguous as well as from an array.
    @Test func digests_matchTheReferenceImplementation_atEveryLengthAroundTheBlockBoundaries() {
        for count in Array(0...200) + [447, 448, 512, 1_000, 4_095, 4_096] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let expected = ReferenceSHA256.digest(bytes)
            #expect(SHA256.digest(bytes) == expected, "length \(count)")
            #expect(SHA256.digest(bytes.lazy.map { $0 }) == expected, "length \(count), not contiguous")
            #expect(SHA256.digest(bytes[...]) == expected, "length \(count), a slice")
        }
    }

    @Test func theMillionAVector() {
        #expect(
            SHA256.hex(String(repeating: "a", count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func hex_isTwoLowercaseDigitsPerByte_forEveryByte() {
        let bytes = (0...255).map { UInt8($0) }
        let expected = bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
        #expect(SHA256.hex(bytes) == expected)
        #expect(SHA256.hex([]) == "")
        #expect(SHA256.hex("é") == ReferenceSHA256.hex(ReferenceSHA256.digest(Array("é".utf8))))
    }
}

/// The stored form is unchanged: known answers computed by the implementation before it was made
/// faster, and every way a stored form can be damaged still refuses.
@Suite struct PasswordHasherStoredFormTests {
    @Test func storedForms_areTheKnownAnswers() {
        #expect(
            PasswordHasher(rounds: 5).hash("wonderland", salt: Array(0..<16))
                == "5$000102030405060708090a0b0c0d0e0f$"
                + "ecaa0bb6a993d1c73e68691a647f8f62f0780ad32b24cd81e9cf1536231d97da")
        #expect(
            PasswordHasher(rounds: 5).hash("", salt: [])
                == "5$$9ff42bc5a042d3c79a61d7cb6769408fe13b1e5fc30e01e19a100e79109ed688")
        #expect(
            PasswordHasher(rounds: 1).hash("é\u{301}$x", salt: [255, 0, 17])
                == "1$ff0011$1be04b8206c510a49d9c370a0dc9d3b4db838008754e73565262b2a13b001692")
    }

    @Test func storedForms_matchTheReferenceConstruction() {
        for rounds in [1, 2, 9, 10, 64, 100, 1_000] {
            for salt in [[], [0], Array(0..<16), Array(repeating: 0xAB, count: 40)] as [[UInt8]] {
                for password in ["", "wonderland", "pässwörd", String(repeating: "p", count: 70)] {
                    var digest = ReferenceSHA256.digest(salt + Array(password.utf8))
                    for _ in 1..<rounds { digest = ReferenceSHA256.digest(salt + digest) }
                    let expected = "\(rounds)$\(ReferenceSHA256.hex(salt))$\(ReferenceSHA256.hex(digest))"
                    let stored = PasswordHasher(rounds: rounds).hash(password, salt: salt)
                    #expect(stored == expected)
                    #expect(PasswordHasher().verify(password, against: stored) == !salt.isEmpty)
                }
            }
        }
    }

    @Test func damagedStoredForms_neverVerify() {
        let stored = PasswordHasher(rounds: 8).hash("wonderland", salt: [0xAB, 0xCD, 0x01])
        #expect(stored.hasPrefix("8$abcd01$"))
        let digest = String(stored.dropFirst("8$abcd01$".count))
        let damaged = [
            "08$abcd01$" + digest, "+8$abcd01$" + digest, "9$abcd01$" + digest, "8$ABCD01$" + digest,
            "8$abcd0$" + digest, "8$abcd011$" + digest, "$8$abcd01$" + digest, "8$$abcd01$" + digest,
            "8$abcd01$$" + digest, "8$abcd01$" + digest + "$", "8$abcd01$" + digest + "0",
            "8$abcd01$" + digest.uppercased(), "8$abcd01$" + String(digest.dropLast()),
            "8$abcd01$" + digest + "$x", "8$abcd01", "8", "",
        ]
        for form in damaged { #expect(!PasswordHasher().verify("wonderland", against: form), "\(form)") }
        #expect(PasswordHasher().verify("wonderland", against: stored))
        #expect(!PasswordHasher().verify("wonderland", against: "100001$abcd01$" + digest))
    }
}

/// The SHA-256 implementation before it was made faster: arrays for the message and the schedule.
private enum ReferenceSHA256 {
    static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
        0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7,
        0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc,
        0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351,
        0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e,
        0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585,
        0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f,
        0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
        0xc671_78f2,
    ]

    static func digest(_ bytes: [UInt8]) -> [UInt8] {
        var hash: [UInt32] = [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
            0x5be0_cd19,
        ]
        var message = bytes
        let bitLength = UInt64(message.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        var schedule = [UInt32](repeating: 0, count: 64)
        for chunk in stride(from: 0, to: message.count, by: 64) {
            for index in 0..<16 {
                let base = chunk + index * 4
                schedule[index] =
                    UInt32(message[base]) << 24 | UInt32(message[base + 1]) << 16
                    | UInt32(message[base + 2]) << 8 | UInt32(message[base + 3])
            }
            for index in 16..<64 {
                let s0 =
                    rotate(schedule[index - 15], 7) ^ rotate(schedule[index - 15], 18)
                    ^ (schedule[index - 15] >> 3)
                let s1 =
                    rotate(schedule[index - 2], 17) ^ rotate(schedule[index - 2], 19)
                    ^ (schedule[index - 2] >> 10)
                schedule[index] = schedule[index - 16] &+ s0 &+ schedule[index - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (
                hash[0], hash[1], hash[2], hash[3], hash[4], hash[5], hash[6], hash[7]
            )
            for index in 0..<64 {
                let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                let choice = (e & f) ^ (~e & g)
                let temp1 = h &+ sum1 &+ choice &+ roundConstants[index] &+ schedule[index]
                let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ sum0 &+ majority)
            }
            for (index, value) in [a, b, c, d, e, f, g, h].enumerated() { hash[index] = hash[index] &+ value }
        }
        return hash.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - $0 * 8)) } }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }
}
