/// A field of the profile set-up form.
public enum ProfileField: Hashable, Sendable, CaseIterable {
    /// Free text about the user.
    case bio
    /// The picked interests.
    case interests
    /// The youngest age the user wants to see.
    case minimumAge
    /// The oldest age the user wants to see.
    case maximumAge
    /// The farthest distance in kilometres.
    case maximumDistance
}
