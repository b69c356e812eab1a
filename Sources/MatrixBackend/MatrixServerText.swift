import Interactors
import Models

/// Makes text a server sent safe to show: the one place where display names, profile fields, message
/// bodies and error messages from a homeserver are cleaned before the app sees them.
///
/// A homeserver (or anyone who can write to it) is hostile: its text may carry terminal escape
/// sequences (`ESC [ 31 m` recolours a terminal, others move the cursor or rewrite the title), C0 and
/// C1 control characters, bidirectional overrides that make text read backwards, line breaks that
/// forge extra lines in a transcript, or megabytes of it. ``sanitized(_:limit:)``:
///
/// - removes ANSI/ECMA-48 escape sequences whole (CSI `ESC [ … final`, OSC `ESC ] … BEL/ST`, DCS, SOS,
///   PM and APC strings up to their terminator, two-character `ESC x` sequences, and the 8-bit C1
///   forms `U+009B` CSI and `U+009D` OSC), not only the `ESC` that starts them;
/// - turns line and paragraph breaks and tabs into a space, then collapses runs of white space into
///   one space and trims the ends;
/// - removes the remaining C0 (`U+0000`–`U+001F`), `DEL` and C1 (`U+0080`–`U+009F`) controls and the
///   bidirectional controls (`U+061C`, `U+200E`, `U+200F`, `U+202A`–`U+202E`, `U+2066`–`U+2069`);
/// - keeps at most `limit` characters (grapheme clusters), marking a cut with `…`.
///
/// Joiners and variation selectors stay (an emoji's parts belong to it).
public enum MatrixServerText {
    /// The longest text kept for each kind of server text, in characters.
    public enum Limit {
        /// Display names (the app itself allows 40; other Matrix clients may set longer ones).
        public static let displayName = 64
        /// A profile's bio (the app's own limit, ``Models/Profile/maximumBioLength``).
        public static let bio = Profile.maximumBioLength
        /// One interest's name.
        public static let interest = 64
        /// A message body (the app's own limit, ``Interactors/MessageValidator/maximumLength``).
        public static let messageBody = MessageValidator.maximumLength
        /// The human-readable part of a server's error answer.
        public static let errorMessage = 200
    }

    /// `text` without escape sequences and control characters, on one line, at most `limit`
    /// characters long (a cut text ends in `…`).
    public static func sanitized(_ text: String, limit: Int) -> String {
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        var reader = EscapeReader(text.unicodeScalars)
        while let scalar = reader.next() {
            if isBreak(scalar) || scalar.properties.isWhitespace {
                pendingSpace = !scalars.isEmpty
                continue
            }
            guard !isRemoved(scalar) else { continue }
            if pendingSpace {
                scalars.append(" ")
                pendingSpace = false
            }
            scalars.append(scalar)
        }
        let clean = String(scalars)
        guard limit > 0 else { return "" }
        guard clean.count > limit else { return clean }
        let kept = clean.prefix(limit - 1)
        return String(kept).trimmingTrailingSpace() + "…"
    }

    /// Line and paragraph separators and tabs: shown as one space.
    private static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Control and bidirectional formatting characters: dropped.
    private static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Walks scalars, skipping every escape sequence whole.
    private struct EscapeReader {
        private var scalars: [Unicode.Scalar]
        private var index = 0

        init(_ view: String.UnicodeScalarView) { scalars = Array(view) }

        private mutating func take() -> Unicode.Scalar? {
            guard index < scalars.count else { return nil }
            defer { index += 1 }
            return scalars[index]
        }

        private func peek() -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        /// The next scalar outside an escape sequence (controls still included), or `nil` at the end.
        mutating func next() -> Unicode.Scalar? {
            while let scalar = take() {
                switch scalar.value {
                case 0x1B:  // ESC
                    skipAfterEscape()
                case 0x9B:  // C1 CSI
                    skipControlSequence()
                case 0x90, 0x98, 0x9D, 0x9E, 0x9F:  // C1 DCS, SOS, OSC, PM, APC
                    skipString()
                default:
                    return scalar
                }
            }
            return nil
        }

        /// After `ESC`: a CSI (`[`), a string (`P`, `X`, `]`, `^`, `_`), or `ESC`, intermediates
        /// (`U+0020`–`U+002F`) and one final character.
        private mutating func skipAfterEscape() {
            guard let introducer = take() else { return }
            switch introducer {
            case "[": skipControlSequence()
            case "P", "X", "]", "^", "_": skipString()
            default:
                // `ESC`, intermediates, one final character: only printable ASCII belongs to it.
                var current = introducer
                while (0x20...0x2F).contains(current.value), let following = peek(),
                    (0x20...0x7E).contains(following.value)
                {
                    index += 1
                    current = following
                }
                if !(0x20...0x7E).contains(introducer.value) { index -= 1 }
            }
        }

        /// A CSI's parameters and intermediates (`U+0020`–`U+003F`) and its final character
        /// (`U+0040`–`U+007E`); anything else ends it unread (a new `ESC` starts the next sequence).
        private mutating func skipControlSequence() {
            while let scalar = peek() {
                guard (0x20...0x7E).contains(scalar.value) else { return }
                index += 1
                if scalar.value >= 0x40 { return }
            }
        }

        /// A control string up to `BEL`, `ST` (`ESC \` or `U+009C`); an unterminated one runs to the end.
        private mutating func skipString() {
            while let scalar = take() {
                switch scalar.value {
                case 0x07, 0x9C: return
                case 0x1B where peek() == "\\":
                    index += 1
                    return
                default: continue
                }
            }
        }
    }
}

extension String {
    fileprivate func trimmingTrailingSpace() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
