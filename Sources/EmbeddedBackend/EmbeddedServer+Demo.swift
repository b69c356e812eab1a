extension EmbeddedServer {
    /// Adds the demo people: alice, bob, carol and dave, each with a profile (see ``DemoData``).
    ///
    /// A repeat call is ignored: the names are taken by then.
    public func addDemoAccounts() {
        for person in DemoData.people {
            // A fresh server has none of these names, so adding cannot fail; a repeat call is ignored.
            _ = try? addAccount(
                username: person.username, password: person.password, displayName: person.displayName,
                birthDate: person.birthDate, email: person.email, profile: person.profile,
                location: person.location)
        }
    }
}
