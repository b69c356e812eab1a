import Foundation
import MatrixBackend

extension CommandLineInterface {
    /// The `--homeserver` that `--backend matrix` needs (`run` and `explore` alike): an http(s)
    /// address with a host, warned about on standard error when it is reached in the clear off this
    /// machine (``MatrixBackend/MatrixTransportWarning``); a usage error's exit code when it is
    /// missing or not such an address.
    func matrixHomeserver(_ arguments: CommandArguments, command: String) -> Result<URL, ExitCode> {
        guard let address = arguments.values["homeserver"] else {
            return .failure(
                ExitCode(
                    code: usageError(
                        command, "--backend matrix needs --homeserver <url> (Scripts/synapse url)")))
        }
        guard let homeserver = URL(string: address),
            homeserver.scheme == "http" || homeserver.scheme == "https",
            homeserver.host != nil
        else {
            return .failure(
                ExitCode(code: usageError(command, "--homeserver '\(address)' is not an http(s) address")))
        }
        if let warning = MatrixTransportWarning(homeserver: homeserver) {
            errors("discover: warning: \(warning)")
        }
        return .success(homeserver)
    }
}
