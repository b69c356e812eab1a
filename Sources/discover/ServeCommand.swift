import WebFrontEnd

/// `discover serve`: reads the options and serves until a signal ends the process.
@MainActor
enum ServeCommand {
    /// Serves as `arguments` say; returns only on a usage error (2) or when the port cannot be had (1).
    static func run(
        _ arguments: CommandArguments, output: @escaping (String) -> Void, errors: (String) -> Void
    ) -> Int32 {
        let options: ServeOptions
        switch ServeOptions.parse(
            port: arguments.values["port"], backend: arguments.values["backend"],
            homeserver: arguments.values["homeserver"], testKnobs: arguments.flags.contains("test-knobs"))
        {
        case .failure(let invalid):
            errors("discover serve: \(invalid.message)")
            return 2
        case .success(let parsed): options = parsed
        }
        let server: WebServer
        do {
            server = try WebServer(options: options)
        } catch {
            errors("discover serve: \(error)")
            return 1
        }
        server.serveUntilSignalled(output: output)
    }
}
