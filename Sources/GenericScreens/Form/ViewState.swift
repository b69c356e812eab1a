import Foundation
import Models

/// Everything a front end shows at one moment: the navigation stack, the modal screens above it and
/// the alert above everything, as one value with a versioned JSON form.
///
/// The screen on top is ``top``; intents go to the alert when one is shown, else to the top screen.
/// ``encoder()`` and ``decoder()`` make the coders of the JSON form (``formatVersion``; dates as ISO
/// 8601 strings). Docs/FrontEnds.md describes every key.
public struct ViewState: Hashable, Sendable, Codable {
    /// The version of the JSON form this type reads and writes.
    public static let formatVersion = 1

    /// The JSON form's version.
    public var version: Int
    /// The navigation stack, root first.
    public var stack: [Screen]
    /// The screens presented modally above the stack, bottom first.
    public var modals: [Screen]
    /// The alert above everything, if any.
    public var alert: ScreenAlert?

    /// Creates a view state in the current format.
    public init(stack: [Screen] = [], modals: [Screen] = [], alert: ScreenAlert? = nil) {
        self.version = ViewState.formatVersion
        self.stack = stack
        self.modals = modals
        self.alert = alert
    }

    /// The screen on top: the last modal, else the top of the stack.
    public var top: Screen? { modals.last ?? stack.last }

    /// An encoder for the JSON form: ISO 8601 dates, sorted keys.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A decoder for the JSON form: ISO 8601 dates.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
