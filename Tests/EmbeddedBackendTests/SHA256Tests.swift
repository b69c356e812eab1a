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

/// The digest, hex and stored-form code around the block boundaries and for every byte, against
/// answers from an independent implementation (Python's `hashlib`).
@Suite struct SHA256BufferHandlingTests {
    /// Every length around the padding boundaries (55/56/64 bytes) and several blocks, from a
    /// `Collection` that is not contiguous and from a slice as well as from an array. The answer is
    /// `hashlib.sha256` of the concatenated digests of every length.
    @Test func digests_matchAnIndependentImplementation_atEveryLengthAroundTheBlockBoundaries() {
        var all: [UInt8] = []
        for count in Array(0...200) + [447, 448, 512, 1_000, 4_095, 4_096] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let digest = SHA256.digest(bytes)
            #expect(SHA256.digest(bytes.lazy.map { $0 }) == digest, "length \(count), not contiguous")
            #expect(SHA256.digest(bytes[...]) == digest, "length \(count), a slice")
            all += digest
        }
        #expect(
            SHA256.hex(SHA256.digest(all))
                == "678dde78c777eb14b276564001f419e1841c040f39439b77ca49409d70278290")
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
        #expect(SHA256.hex("é") == "4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c")
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

    /// The stored form built in one buffer equals the one put together from the array API.
    @Test func storedForms_matchTheirConstructionFromDigestsAndHex() {
        for rounds in [1, 2, 9, 10, 64, 100] {
            for salt in [[], [0], Array(0..<16), Array(repeating: 0xAB, count: 40)] as [[UInt8]] {
                for password in ["", "wonderland", "pässwörd", String(repeating: "p", count: 70)] {
                    var digest = SHA256.digest(salt + Array(password.utf8))
                    for _ in 1..<rounds { digest = SHA256.digest(salt + digest) }
                    let expected = "\(rounds)$\(SHA256.hex(salt))$\(SHA256.hex(digest))"
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
