/// The text of a load run's message, which names it: who sends it, to whom, and its number in that
/// conversation (`p3>p17 #5`), so the checks recognise it anywhere it is shown.
public enum LoadMessageText {
    /// The text of `sender`'s `number`th message to `recipient`.
    public static func make(from sender: Int, to recipient: Int, number: Int) -> String {
        "p\(sender)>p\(recipient) #\(number)"
    }

    /// The sender, recipient and number a text names; `nil` for any other text.
    public static func parse(_ text: String) -> (sender: Int, recipient: Int, number: Int)? {
        let parts = text.split(separator: " ")
        guard parts.count == 2, parts[1].hasPrefix("#"), let number = Int(parts[1].dropFirst()) else {
            return nil
        }
        let people = parts[0].split(separator: ">")
        guard people.count == 2, people[0].hasPrefix("p"), people[1].hasPrefix("p"),
            let sender = Int(people[0].dropFirst()), let recipient = Int(people[1].dropFirst())
        else { return nil }
        return (sender, recipient, number)
    }
}
