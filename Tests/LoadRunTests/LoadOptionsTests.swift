import LoadRun
import Testing

/// The options of `discover load`: only a homeserver on this machine, sizes within bounds.
@Suite struct LoadOptionsTests {
    private func parse(
        _ homeserver: String?, people: String? = nil, minutes: String? = nil, drivers: String? = nil
    ) -> Result<LoadOptions, LoadOptions.Invalid> {
        LoadOptions.parse(
            homeserver: homeserver, people: people, minutes: minutes, seed: "4", drivers: drivers)
    }

    @Test func aLoopbackHomeserver_isTaken_withDriversFromThePeople() throws {
        let options = try parse("http://127.0.0.1:8038", people: "200", minutes: "3").get()
        #expect(options.people == 200)
        #expect(options.minutes == 3)
        #expect(options.seed == 4)
        #expect(options.drivers == 8)
        #expect(try parse("http://localhost:8008").get().drivers == 1)
    }

    @Test func aHomeserverElsewhere_isRefused() {
        for address in ["http://matrix.org", "https://10.0.0.2:8008", "ftp://127.0.0.1", "127.0.0.1:8008"] {
            #expect((try? parse(address).get()) == nil, "\(address)")
        }
        #expect((try? parse(nil).get()) == nil)
    }

    @Test func sizesOutOfBounds_areRefused() {
        #expect((try? parse("http://127.0.0.1:1", people: "1").get()) == nil)
        #expect((try? parse("http://127.0.0.1:1", people: "5000").get()) == nil)
        #expect((try? parse("http://127.0.0.1:1", minutes: "0").get()) == nil)
        #expect((try? parse("http://127.0.0.1:1", minutes: "nan").get()) == nil)
        #expect((try? parse("http://127.0.0.1:1", people: "4", drivers: "5").get()) == nil)
    }
}
