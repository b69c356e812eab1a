import Models

extension ScenarioRunner.Execution {
    /// Runs a step on the app's files (``AppFolders``): damaging the signed-in user's (or "me"'s)
    /// swipe queue or outbox, leaving a crash's temporary files, and checking what is left.
    func fileStep(_ step: ScenarioStep) throws(ScenarioRunError) -> ScenarioRunner.Problem? {
        guard let folders = world.appFolders else {
            throw ScenarioRunError("this backend keeps no files a scenario can reach")
        }
        switch step {
        case .damage(let file):
            try folders.damage(file, of: try owner())
        case .crashLeavesTemporaryFiles:
            try folders.leaveTemporaryFiles(of: try owner())
        case .expectNoTemporaryFiles:
            let leftovers = folders.leftovers
            if !leftovers.isEmpty {
                return ScenarioRunner.Problem(
                    message: "the app's folders hold what a crash left", expected: "nothing",
                    actual: leftovers.joined(separator: ", "))
            }
        case .expectFilesSetAside(let count):
            let setAside = folders.filesSetAside(of: try owner())
            if setAside.count != count {
                return ScenarioRunner.Problem(
                    message: "\(setAside.count) unreadable files are set aside", expected: "\(count)",
                    actual: setAside.isEmpty ? "none" : setAside.joined(separator: ", "))
            }
        default:
            break
        }
        return nil
    }

    /// Whose files the steps mean: the signed-in user's, else "me"'s (`given I am`).
    private func owner() throws(ScenarioRunError) -> UserID {
        guard let owner = world.signedInUser ?? me else {
            throw ScenarioRunError("whose files? sign in first, or add 'given I am <name>'")
        }
        return owner
    }
}
