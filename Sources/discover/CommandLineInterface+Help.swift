import ScenarioLanguage

/// The help texts of the `discover` command: the usage line and each command's help (``helps``).
extension CommandLineInterface {
    /// The commands, for `discover help` and a command line that names none.
    static let usage = """
        usage: discover <command> [options]

        commands:
          run <file|folder>...   run scenarios and report each one
          demo                   run Scenarios/demo.scenario and print its transcript
          tree <file>            run a scenario (or its first lines) and print the live flow tree
          graph                  print the flow graph as Mermaid
          play                   drive the app interactively with scenario steps
          explore                explore the app with random steps, checking invariants
          serve                  serve the app to a browser on 127.0.0.1
          load                   many people at once on a local homeserver, every message checked
          help [command]         show help

        Run 'discover <command> --help' for a command's options.
        """

    /// Each command's help, by command name.
    static let helps: [String: String] = [
        "explore": exploreHelp,
        "serve": serveHelp,
        "load": loadHelp,
        "run": """
        usage: discover run <file|folder>... [options]

        Runs each .scenario file (every one under a folder) in a fresh engine, prints a line per
        scenario and a closing 'N passed, N failed'. Exit code 0 when all pass, 1 when any fails,
        2 when a file has a syntax error (then nothing runs). A step 'type $NAME into "…"' types
        the environment variable NAME; a scenario using one that is not set fails.

        options:
          --filter <text>       run only scenarios whose name contains the text
          --tag <tag>           run only scenarios with that @tag (repeat it, or a,b: any of them);
                                a tag no scenario has is an error (exit code 2)
          --transcript <dir>    write each scenario's transcript as JSON into the folder
          --junit <file>        write a JUnit XML report
          --backend <name>      embedded (default, virtual time) or matrix (a real homeserver)
          --homeserver <url>    the Matrix homeserver, e.g. http://127.0.0.1:8008 (a warning if it
                                is neither https nor on this machine)
          --print-transcript    print each scenario's whole transcript
          --transitions-report  print the declared transitions no scenario took
          --work-budget <n>     fail a scenario that runs more than n scheduled tasks (default \(ScenarioRunner.defaultWorkBudget))
          -h, --help            show this help
        """,
        "demo": """
        usage: discover demo

        Runs Scenarios/demo.scenario (from the current folder) on the embedded backend and prints
        its transcript: the same as 'discover run Scenarios/demo.scenario --print-transcript'.
        """,
        "tree": """
        usage: discover tree <file> [--until <line>]

        Runs a scenario, or only the steps before --until's line, and prints the live flow tree:
        each flow, its context's state, the errors it handles and the events it hears.
        """,
        "graph": """
        usage: discover graph [--taken-by <file|folder>]...

        Prints the flow graph (flows, screens, transitions, deep links) as a Mermaid flowchart,
        drawn from the flows' own declarations. With --taken-by, runs those scenarios on the
        embedded backend first and draws the transitions none of them took dotted, "never taken".
        """,
        "play": """
        usage: discover play [--record <file>] [--record-secrets]

        Starts the app on the embedded backend with the demo people and reads commands from the
        input: any scenario step (tap "Log in", type "alice" into "Username or email", swipe right,
        wait 5m, ...), or help, show, tree, save <file>, quit. Works at a terminal and from a pipe.

        options:
          --record <file>       save the steps as a scenario file (owner-only) at the end
          --record-secrets      record text typed into secure fields as typed; without it, such
                                text is recorded as $DISCOVER_<LABEL>, read from the environment
                                by 'discover run'
          -h, --help            show this help
        """,
    ]
}
