extension Array {
    /// Removes the element at `index`, as `remove(at:)` does, but lets the storage go with the last
    /// element instead of emptying it in place.
    ///
    /// A store that keeps the array last saved (the outbox's) shares its storage, and removing in
    /// place copies a shared array first — only to empty it, in the usual case of one message
    /// waiting. (The swipe queue saves itself empty first and keeps its storage; see
    /// `DeckContext.dequeue`.)
    @discardableResult
    mutating func removeUnsharing(at index: Int) -> Element {
        guard count == 1 else { return remove(at: index) }
        let element = self[index]
        self = []
        return element
    }
}
