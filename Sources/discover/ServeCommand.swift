import Foundation
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
            homeserver: arguments.values["homeserver"], testKnobs: arguments.flags.contains("test-knobs"),
            data: arguments.values["data"])
        {
        case .failure(let invalid):
            errors("discover serve: \(invalid.message)")
            return 2
        case .success(let parsed): options = parsed
        }
        let server: WebServer
        do {
            server = try WebServer(options: options) { failure in
                // What the server answered since could not be kept: it stops rather than lose it.
                FileHandle.standardError.write(Data("discover serve: \(failure); stopping\n".utf8))
                exit(1)
            }
        } catch {
            errors("discover serve: \(error)")
            return 1
        }
        server.serveUntilSignalled(output: output)
    }
}
