import Flows
import GenericScreens
import Models

/// A front end with no UI: keeps the screen stack, modals and alert in their generic form (in a
/// ``GenericScreens/GenericScreenStack``), renders them as text, lets a caller tap and type by visible
/// labels, and records a transcript.
///
/// It only knows the screens' values and their actions, like any other front end; it never sees
/// contexts or services. Every change of the screen on top is recorded in ``moves`` with the flow
/// that made it and checked against the flows' declarations; an undeclared one is also written to
/// the transcript as an error.
@MainActor
public final class HeadlessFrontEnd: Presenter, MoveAttributing {
    /// What is shown, and the handler each intent goes to.
    private let screens = GenericScreenStack()
    private let transcript: Transcript
    private var shownLists: [String: (revision: Int, ids: [String])] = [:]
    private var actingFlow: String?

    /// The screen moves made on this front end (and, for a driver's, on the ones before it).
    public let moves: ScreenMoveLog

    /// Lists whose changes did not lead to the rows the new snapshot holds, one line each. A correct
    /// engine leaves this empty.
    public private(set) var listErrors: [String] = []

    /// Creates a front end writing into `transcript` and recording its screen moves in `moves`.
    public init(transcript: Transcript, moves: ScreenMoveLog = ScreenMoveLog()) {
        self.transcript = transcript
        self.moves = moves
    }

    /// The screen on top (a modal above the stack), if any.
    public var currentScreen: Screen? { screens.top }
    /// The alert shown, if any.
    public var currentAlert: ScreenAlert? { screens.alert }
    /// The ids of the navigation stack, bottom first.
    public var stackIDs: [ScreenID] { screens.view.stack.map(\.id) }
    /// The ids of the modal screens, bottom first.
    public var modalIDs: [ScreenID] { screens.view.modals.map(\.id) }

    /// The current view as text: the top screen, and the alert above it if any.
    public func render() -> String {
        var parts: [String] = []
        if let screen = currentScreen { parts.append(ScreenRenderer.render(screen)) }
        if let alert = currentAlert { parts.append(ScreenRenderer.render(alert)) }
        return parts.isEmpty ? "(nothing shown)" : parts.joined(separator: "\n")
    }

    /// Every visible text of the current screen and alert.
    public var visibleTexts: [String] {
        (currentScreen?.visibleTexts ?? [])
            + (currentAlert.map { [$0.title, $0.message] + $0.actions.map(\.label) } ?? [])
    }

    // MARK: Acting as the user

    /// Taps the enabled action with this visible label: on the alert if one is shown, else on the
    /// current screen.
    public func tap(_ label: String) throws(HeadlessError) {
        if let alert = currentAlert {
            guard let action = alert.actions.first(where: { $0.label == label }) else {
                throw .noSuchAction(label, available: alert.actions.map(\.label))
            }
            transcript.append(.intent("tap \"\(label)\""))
            send(.tap(action.id))
            return
        }
        guard let screen = currentScreen else { throw .nothingShown }
        guard let action = screen.actions.first(where: { $0.label == label }) else {
            throw .noSuchAction(label, available: screen.actions.map(\.label))
        }
        guard action.isEnabled else { throw .actionDisabled(label) }
        transcript.append(.intent("tap \"\(label)\""))
        send(.tap(action.id))
    }

    /// Replaces the text of the field with this visible label on the current screen (not while an
    /// alert is shown: a person answers it first).
    ///
    /// The transcript records the intent with a secure field's text as `•••` (``SecretMask``).
    public func type(_ text: String, into label: String) throws(HeadlessError) {
        if let alert = currentAlert { throw .alertShown(alert.title) }
        guard let screen = currentScreen else { throw .nothingShown }
        guard let field = screen.fields.first(where: { $0.label == label }) else {
            throw .noSuchField(label, available: screen.fields.map(\.label))
        }
        let shown = field.isSecure ? SecretMask.masked(text) : text
        transcript.append(.intent("type \"\(shown)\" into \"\(label)\""))
        send(.edit(field.id, text))
    }

    /// Sends an intent found on the screen or alert shown; the stack's refusal (which the checks
    /// before it rule out) is written to the transcript as an error.
    private func send(_ intent: Intent) {
        do {
            try screens.send(intent)
        } catch {
            transcript.append(.error("the screen stack refused \(intent): \(error)"))
        }
    }

    // MARK: Presenter

    /// Replaces everything shown with `screen`.
    public func setRoot(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        showing { screens.setRoot(screen, onAction: onAction) }
    }

    /// Pushes `screen`.
    public func push(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        showing { screens.push(screen, onAction: onAction) }
    }

    /// Replaces the top of the stack with `screen`.
    public func replaceTop(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        showing { screens.replaceTop(screen, onAction: onAction) }
    }

    /// Pops the top screen; the one below shows again.
    public func pop() {
        let before = currentScreen?.id
        defer { moved(from: before, shows: false) }
        let view = screens.view
        guard view.stack.count > 1 else { return }
        screens.pop()
        if view.modals.isEmpty, let top = currentScreen { shown(top) }
    }

    /// Presents `modal` above the stack.
    public func present(_ modal: AppModal, onAction: @escaping ActionHandler) {
        showing { screens.present(modal, onAction: onAction) }
    }

    /// Dismisses the top modal; what it covered shows again.
    public func dismiss() {
        let before = currentScreen?.id
        defer { moved(from: before, shows: false) }
        guard !screens.view.modals.isEmpty else { return }
        screens.dismiss()
        if let top = currentScreen { shown(top) }
    }

    /// Shows a screen of the stack anew; the transcript gets what changed when it is the one on top.
    public func update(_ screen: AppScreen) {
        updating { screens.update(screen) }
    }

    /// Shows a modal anew; the transcript gets what changed when it is the one on top.
    public func update(_ modal: AppModal) {
        updating { screens.update(modal) }
    }

    /// Shows a screen by `change` and writes it to the transcript, checking the move.
    private func showing(_ change: () -> Void) {
        let before = currentScreen?.id
        defer { moved(from: before, shows: true) }
        change()
        if let screen = currentScreen { shown(screen) }
    }

    /// Updates a screen by `change`; the transcript gets what changed on top.
    private func updating(_ change: () -> Void) {
        let old = currentScreen
        change()
        guard let old, let new = currentScreen, old.id == new.id, old != new else { return }
        updated(from: old, to: new)
    }

    /// Runs `change`, in which the flow named `flow` changes what is shown.
    public func moving(by flow: String, _ change: () -> Void) {
        let outer = actingFlow
        actingFlow = flow
        defer { actingFlow = outer }
        change()
    }

    /// Records the move to the screen now on top (unless nothing changed) and checks it.
    private func moved(from before: ScreenID?, shows: Bool) {
        guard let after = currentScreen?.id, shows || after != before else { return }
        if let problem = moves.record(ScreenMove(flow: actingFlow, from: before, to: after, shows: shows)) {
            transcript.append(.error("undeclared screen move: \(problem)"))
        }
    }

    /// Shows an alert above everything.
    /// Shows `alert` and writes it to the transcript.
    public func showAlert(_ alert: AppAlert, onAction: @escaping ActionHandler) {
        screens.showAlert(alert, onAction: onAction)
        transcript.append(.alert(ScreenRenderer.render(alert.generic)))
        if let screen = currentScreen { checkIDs(of: screen) }
    }

    private func shown(_ screen: Screen) {
        for list in screen.lists { shownLists[list.id] = (list.revision, list.items.map(\.id)) }
        transcript.append(.screen(screen.id, ScreenRenderer.render(screen)))
        checkIDs(of: screen)
    }

    /// Checks the contract's ids on the screen on top, with the alert over it; a break is written
    /// to the transcript as an error (and recorded in ``moves``).
    private func checkIDs(of screen: Screen) {
        if let problem = moves.checkIDs(of: screen, alert: currentAlert) {
            transcript.append(.error("screen contract: \(problem)"))
        }
        if let problem = moves.checkTable(of: screens.shown, generic: screens.view) {
            transcript.append(.error("screen contract: \(problem)"))
        }
    }

    /// Applies each list's changes to the rows shown and checks the result against the snapshot, as a
    /// table view would; a mismatch is recorded, loudly.
    ///
    /// A list the screen did not show before (`old` had none with its id: "Loading matches…" until
    /// now) is shown afresh, as a new table would be, whatever revision an earlier screen's list of
    /// that id had.
    private func applyListChanges(_ screen: Screen, after old: Screen) {
        for list in screen.lists {
            let ids = list.items.map(\.id)
            defer { shownLists[list.id] = (list.revision, ids) }
            guard old.lists.contains(where: { $0.id == list.id }), let shown = shownLists[list.id] else {
                continue
            }
            if list.revision == shown.revision {
                if shown.ids != ids { fail("list \(list.id) changed rows without a new revision") }
            } else if list.revision == shown.revision + 1 {
                guard let result = ListChange.apply(list.changes, to: shown.ids) else {
                    fail("list \(list.id) revision \(list.revision): a change does not fit the rows shown")
                    continue
                }
                if result != ids {
                    fail(
                        "list \(list.id) revision \(list.revision): applying the changes gives \(Self.rows(result)), the snapshot has \(Self.rows(ids))"
                    )
                }
            }
            // Any other revision: the list was off screen meanwhile; it is shown afresh, as reloadData would.
        }
    }

    /// Rows for a report: their count, and their ids while they are few.
    private static func rows(_ ids: [String]) -> String {
        ids.count <= 8 ? "\(ids.count) rows \(ids)" : "\(ids.count) rows"
    }

    private func fail(_ message: String) {
        listErrors.append(message)
        transcript.append(.error("list out of sync: \(message)"))
    }

    private func updated(from old: Screen, to new: Screen) {
        applyListChanges(new, after: old)
        checkIDs(of: new)
        let before = Self.lines(ScreenRenderer.render(old))
        let after = Self.lines(ScreenRenderer.render(new))
        // Sets, so a list of n rows costs n look-ups, not n².
        let (linesBefore, linesAfter) = (Set(before), Set(after))
        let removed = before.filter { !linesAfter.contains($0) }.map { "  - \($0)" }
        let added = after.filter { !linesBefore.contains($0) }.map { "  + \($0)" }
        transcript.append(.screenUpdate(new.id, (removed + added).joined(separator: "\n")))
    }

    /// The lines of a text, as `split(separator: "\n")` gives them, split on the newline byte. A
    /// carriage return makes "\r\n" one character, which must not split: such a text is split by
    /// characters.
    private static func lines(_ text: String) -> [Substring] {
        guard !text.utf8.contains(UInt8(ascii: "\r")) else { return text.split(separator: "\n") }
        return text.utf8.split(separator: UInt8(ascii: "\n")).map { Substring($0) }
    }
}
