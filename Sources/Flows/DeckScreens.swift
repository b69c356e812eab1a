import Models

/// Builds the deck's modals and the full profile of a card (``DeckContent`` builds its part of home).
enum DeckScreens {
    static let pass: ActionID = "deck:pass"
    static let like: ActionID = "deck:like"
    static let superLike: ActionID = "deck:superLike"
    static let rewind: ActionID = "deck:rewind"
    static let openProfile: ActionID = "deck:profile"
    static let preferences: ActionID = "deck:preferences"
    static let retry: ActionID = "deck:retry"
    static let widen: ActionID = "deck:widen"
    static let sendMessage: ActionID = "match:message"
    static let keepSwiping: ActionID = "match:keepSwiping"
    static let ok: ActionID = "ok"

    /// A card's lines: name, age and distance, a super like, the bio and the interests shared with
    /// the viewer (in the card's order).
    ///
    /// Built with ``TextBuilder``: a card is built on every swipe.
    static func card(_ candidate: Candidate, viewerInterests: [Interest]) -> [ScreenElement] {
        var elements: [ScreenElement] = []
        elements.reserveCapacity(4)
        card(candidate, viewerInterests: viewerInterests, into: &elements)
        return elements
    }

    /// ``card(_:viewerInterests:)`` appended to `elements` (no array of its own to build and copy).
    static func card(
        _ candidate: Candidate, viewerInterests: [Interest], into elements: inout [ScreenElement]
    ) {
        var slots = ElementSlots(taking: &elements, from: elements.count)
        card(candidate, viewerInterests: viewerInterests, into: &slots)
        slots.finish(into: &elements)
    }

    /// ``card(_:viewerInterests:)`` put into `slots` (home's deck elements, written over the last
    /// render's).
    static func card(_ candidate: Candidate, viewerInterests: [Interest], into slots: inout ElementSlots) {
        slots.put(.text(headline(candidate)))
        if candidate.superLikedYou { slots.put(superLikedNotice(candidate)) }
        let bio = candidate.bio
        if !bio.isEmpty { slots.put(.text(bio)) }
        if let shared = sharedInterests(candidate.interests, viewerInterests) {
            slots.put(.text(shared))
        }
    }

    /// "Name super liked you": apart from ``card(_:viewerInterests:into:)``, whose cards most often
    /// have none, so that the card's usual lines run through a short stretch of code.
    @inline(never)
    static func superLikedNotice(_ candidate: Candidate) -> ScreenElement {
        .notice(candidate.displayName + " super liked you")
    }

    /// "Name, age · N km away", written straight into the string's own storage: one allocation,
    /// where a ``TextBuilder`` allocates its bytes and then the string.
    static func headline(_ candidate: Candidate) -> String {
        let name = candidate.displayName
        let age = candidate.age
        let distance = candidate.distanceKm
        guard age >= 0, distance >= 0 else { return referenceHeadline(candidate) }
        let ageDigits = TextBuilder.digitCount(of: age)
        let distanceDigits = TextBuilder.digitCount(of: distance)
        let comma: StaticString = ", "
        let dot: StaticString = " · "
        let away: StaticString = " km away"
        let length =
            name.utf8.count + comma.utf8CodeUnitCount + ageDigits + dot.utf8CodeUnitCount + distanceDigits
            + away.utf8CodeUnitCount
        return String(unsafeUninitializedCapacity: length) { buffer in
            var written = DirectText.write(name, to: buffer, at: 0)
            written = write(comma, to: buffer, at: written)
            written = DirectText.write(age, digits: ageDigits, to: buffer, at: written)
            written = write(dot, to: buffer, at: written)
            written = DirectText.write(distance, digits: distanceDigits, to: buffer, at: written)
            return write(away, to: buffer, at: written)
        }
    }

    /// Writes the bytes of `piece`, a constant part of a card's line, into `buffer` from `start`;
    /// returns the position after them. Never writes past the buffer's end.
    ///
    /// A constant's bytes are copied from where they lie (a `String` constant's went through the
    /// checks of its UTF-8 view: about three times as many instructions, four times a card).
    @inline(__always)
    static func write(_ piece: StaticString, to buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int)
        -> Int
    {
        piece.withUTF8Buffer { source in
            let count = min(source.count, buffer.count - start)
            guard count > 0, let from = source.baseAddress, let into = buffer.baseAddress else {
                return start
            }
            (into + start).initialize(from: from, count: count)
            return start + count
        }
    }

    /// ``headline(_:)`` built piece by piece: the reference it is checked against, and the way for a
    /// negative number.
    static func referenceHeadline(_ candidate: Candidate) -> String {
        var text = TextBuilder(capacity: candidate.displayName.utf8.count + 32)
        text.append(candidate.displayName)
        text.append(", ")
        text.append(candidate.age)
        text.append(" · ")
        text.append(candidate.distanceKm)
        text.append(" km away")
        return text.text
    }

    /// "Shared interests: A, B" for the card's interests the viewer has too (in the card's order), or
    /// `nil` when none is shared.
    ///
    /// Each interest is compared once: the shared ones are marked, then written in one string.
    static func sharedInterests(_ interests: [Interest], _ viewerInterests: [Interest]) -> String? {
        guard interests.count <= 64 else { return referenceSharedInterests(interests, viewerInterests) }
        let opening: StaticString = "Shared interests: "
        let separator: StaticString = ", "
        var marked: UInt64 = 0
        var length = 0
        for index in interests.indices where viewerInterests.contains(interests[index]) {
            marked |= 1 << UInt64(index)
            length +=
                (length == 0 ? opening.utf8CodeUnitCount : separator.utf8CodeUnitCount)
                + interests[index].name.utf8.count
        }
        guard marked != 0 else { return nil }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var written = 0
            for index in interests.indices where marked & (1 << UInt64(index)) != 0 {
                written = write(written == 0 ? opening : separator, to: buffer, at: written)
                written = DirectText.write(interests[index].name, to: buffer, at: written)
            }
            return written
        }
    }

    /// ``sharedInterests(_:_:)`` built piece by piece: the reference it is checked against, and the
    /// way for a card listing more than 64 interests.
    static func referenceSharedInterests(_ interests: [Interest], _ viewerInterests: [Interest]) -> String? {
        var shared = TextBuilder(capacity: 64)
        for interest in interests where viewerInterests.contains(interest) {
            shared.append(shared.isEmpty ? "Shared interests: " : ", ")
            shared.append(interest.name)
        }
        return shared.isEmpty ? nil : shared.text
    }

    static func fullProfile(_ candidate: Candidate, viewerInterests: [Interest]) -> Screen {
        var elements = card(candidate, viewerInterests: viewerInterests)
        elements.append(.text("Interests: " + candidate.interests.map(\.name).joined(separator: ", ")))
        elements.append(.action(ScreenAction(id: .back, label: "Back")))
        return Screen(id: .profile, title: candidate.displayName, elements: elements)
    }

    static func match(_ match: Match) -> Screen {
        Screen(
            id: .match, title: "It's a match!",
            elements: [
                .text("You and \(match.displayName) like each other."),
                .action(ScreenAction(id: sendMessage, label: "Send a message", style: .primary)),
                .action(ScreenAction(id: keepSwiping, label: "Keep swiping")),
            ])
    }

    static func outOfLikes(secondsRemaining: Int) -> Screen {
        Screen(
            id: .outOfLikes, title: "You're out of likes",
            elements: [
                .text("You've used today's likes."),
                .text("Likes come back in \(duration(secondsRemaining))."),
                .action(ScreenAction(id: ok, label: "OK", style: .primary)),
            ])
    }

    static let outOfSuperLikes = ScreenAlert(
        title: "No super likes left", message: "You get one super like a day.",
        actions: [ScreenAction(id: ok, label: "OK", style: .primary)])

    /// Seconds as `Xh Ym`, or `Ym` under an hour, rounding up to the minute.
    static func duration(_ seconds: Int) -> String {
        let minutes = (seconds + 59) / 60
        return minutes >= 60 ? "\(minutes / 60)h \(minutes % 60)m" : "\(minutes)m"
    }
}
