import Foundation
import Models

/// The steps of a person's day, each through the typed screens, as a person taps.
extension LoadPerson {
    /// Tries `step` once.
    func perform(_ step: LoadStep) -> LoadStepOutcome {
        switch step {
        case .signUp: return signUp()
        case .setUpProfile: return setUpProfile()
        case .relaunch:
            terminate()
            launch()
            return .done
        case .swipe: return swipe()
        case .rewind: return rewind()
        case .send(let other, let number): return send(to: other, number: number)
        case .closeConversation: return closeConversation()
        case .goOffline:
            connection.http.isOffline = true
            return .done
        case .goOnline:
            connection.http.isOffline = false
            return .done
        case .unmatch(let other): return unmatch(other)
        }
    }

    private func signUp() -> LoadStepOutcome {
        switch topScreen {
        case .welcome?:
            send(.welcome(.createAccountTapped))
            return .notYet
        case .loginForm(let form)? where form.mode == .signUp:
            let values: [(LoginField, String)] = [
                (.username, LoadPlan.username(of: index)), (.password, LoadPlan.password),
                (.displayName, LoadPlan.displayName(of: index)), (.birthDate, LoadPlan.birthDate(of: index)),
            ]
            for (field, value) in values { send(.loginForm(.fieldChanged(field, value))) }
            return send(.loginForm(.submitTapped)) ? .done : .failed("the sign-up form refused its values")
        case .loginForm?:
            send(.loginForm(.switchModeTapped))
            return .notYet
        default:
            return .notYet
        }
    }

    private func setUpProfile() -> LoadStepOutcome {
        switch topScreen {
        case .profileSetup(let setup)? where !setup.isSaving:
            if let failure = setup.failure { return .failed("profile set-up: \(failure)") }
            send(.profileSetup(.fieldChanged(.bio, "Load run person \(index), out and about.")))
            for option in setup.interests.dropFirst(index % 3).prefix(2) where !option.isSelected {
                send(.profileSetup(.interestToggled(option.interest)))
            }
            return send(.profileSetup(.saveTapped)) ? .done : .failed("the profile set-up refused to save")
        case .loginForm(let form)?:
            if let failure = form.failure { return .failed("sign-up: \(failure)") }
            if let field = form.fields.first(where: { $0.value.error != nil }) {
                return .failed("sign-up: \(field.field) refused: \(field.value.error.map { "\($0)" } ?? "")")
            }
            return .notYet
        default:
            return .notYet
        }
    }

    /// Brings home's deck in front: closes what covers it, leaves a conversation, picks the tab.
    private func showDeck() -> DeckPanel? {
        closeInterruptions()
        switch topScreen {
        case .home(let home)?:
            guard case .deck(let deck) = home.tab else {
                send(.home(.deckTabTapped))
                return nil
            }
            return deck
        case .conversation?:
            send(.conversation(.backTapped))
            openConversation = nil
            return nil
        case .profile?: send(.profile(.backTapped))
        case .preferences?: send(.preferences(.cancelTapped))
        default: break
        }
        return nil
    }

    private func swipe() -> LoadStepOutcome {
        guard let deck = showDeck() else { return .notYet }
        switch deck.content {
        case .loading: return .notYet
        case .noOneNew: return .skipped("no card to swipe")
        case .card(let card):
            guard let other = person(of: UserID(card.id)) else { return .skipped("a card of someone else") }
            let action: DeckPanel.Action
            if script.superLike == other, !superLiked {
                superLiked = true
                action = .superLikeTapped
            } else {
                action = script.likes.contains(other) ? .likeTapped : .passTapped
            }
            return send(.home(.deck(action))) ? .done : .notYet
        }
    }

    private func rewind() -> LoadStepOutcome {
        guard let deck = showDeck() else { return .notYet }
        guard deck.canRewind else { return .skipped("nothing to rewind") }
        return send(.home(.deck(.rewindTapped))) ? .done : .notYet
    }

    /// Opens the conversation with `other` (going back from another first); `nil` once it is on top.
    private func openChat(with other: Int) -> LoadStepOutcome? {
        guard let chat, chat.isLoaded else { return .notYet }
        guard let id = conversation(with: other), isMatched(with: other) else {
            return .skipped("no match to message")
        }
        closeInterruptions()
        if case .conversation? = topScreen, openConversation == id { return nil }
        if case .conversation? = topScreen {
            send(.conversation(.backTapped))
            openConversation = nil
            return .notYet
        }
        guard case .home? = topScreen else { return .notYet }
        app?.open("discover://chat/\(id)")
        guard case .conversation? = topScreen else { return .notYet }
        openConversation = id
        return nil
    }

    private func send(to other: Int, number: Int) -> LoadStepOutcome {
        if let outcome = openChat(with: other) { return outcome }
        let text = LoadMessageText.make(from: index, to: other, number: number)
        guard send(.conversation(.draftChanged(text))) else { return .notYet }
        let sentAt = Date().timeIntervalSince1970
        guard send(.conversation(.sendTapped)) else { return .failed("could not send \"\(text)\"") }
        facts.sent.append(LoadSentMessage(text: text, recipient: other, sentAt: sentAt))
        return .done
    }

    private func closeConversation() -> LoadStepOutcome {
        if case .conversation? = topScreen { send(.conversation(.backTapped)) }
        openConversation = nil
        return .done
    }

    private func unmatch(_ other: Int) -> LoadStepOutcome {
        if let outcome = openChat(with: other) { return outcome }
        guard send(.conversation(.unmatchTapped)), case .endMatch? = stack.shown.alert,
            send(.endMatch(.confirmTapped))
        else { return .notYet }
        facts.unmatched.append(other)
        openConversation = nil
        return .done
    }
}
