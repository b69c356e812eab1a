/// When the deck asks for the next page: before it runs dry, never twice at once.
public enum DeckRefillPolicy {
    /// Fetch when this many cards or fewer are left.
    public static let threshold = 5
    /// How many candidates a page asks for.
    public static let pageSize = 20

    /// Whether to fetch the next page now.
    public static func shouldFetch(cardsLeft: Int, isLoading: Bool, isExhausted: Bool, hasFailed: Bool)
        -> Bool
    {
        !isLoading && !isExhausted && !hasFailed && cardsLeft <= threshold
    }
}
