import Models

/// A swipe made in this run, while it is queued: its card, which comes back if the server refuses
/// the like, and whether it was rewound on its way (its undo follows once the server has it).
struct SwipeMade {
    let card: Candidate
    var isRewound = false
}
