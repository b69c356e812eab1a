extension CommandLineInterface {
    static let serveHelp = """
        usage: discover serve [--port <n>] [--backend embedded|matrix --homeserver <url>] [--data <folder>]
                              [--test-knobs]

        Serves the app to a browser at http://127.0.0.1:<port>/ (this machine only): the page, and
        a JSON API with an engine per browser session, all in one world (Docs/Web.md). Prints 'Serving on
        http://127.0.0.1:<port>' once listening; runs until Ctrl-C (SIGINT) or SIGTERM.

        options:
          --port <n>            the port (default 8080; 0: any free port, read it from the line above)
          --backend <name>      embedded (default: one server with the demo people, shared by every session)
                                or matrix (every session on a real homeserver)
          --homeserver <url>    the Matrix homeserver: on this machine, or https
          --data <folder>       keep the world (world.json) and every browser's session (sessions/)
                                in <folder>, owner-only, across restarts: each change is on disk
                                before it is answered, so even SIGKILL loses nothing. A world file
                                that cannot be restored is left as it is and serve exits 1, saying
                                why. Without --data: a temporary folder, removed when serve stops
          --test-knobs          add POST /api/sessions/<id>/knobs: the other person sends, reads,
                                types (embedded only; for browser tests)
          -h, --help            show this help
        """

    /// `discover serve`: the browser front end (``ServeCommand``), until a signal ends the process.
    func runServe(_ arguments: CommandArguments) -> Int32 {
        guard arguments.positionals.isEmpty else { return usageError("serve", "serve takes no arguments") }
        return ServeCommand.run(arguments, output: output, errors: errors)
    }
}
