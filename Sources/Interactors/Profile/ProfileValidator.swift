import Models

/// Validates the profile set-up form.
///
/// Rules: a bio of at most 500 characters; at most 5 interests, each from ``Models/Interest/catalog``; ages
/// within 18–100 with the minimum not above the maximum; a distance within 1–500 km.
public enum ProfileValidator {
    /// Validates the form's values into a ``Models/Profile``.
    public static func validate(_ state: ProfileSetupState) -> Validation<Profile, ProfileField> {
        var errors: [ProfileField: FieldError] = [:]
        let bio = Whitespace.trimmed(state.bio)
        if bio.count > Profile.maximumBioLength { errors[.bio] = .tooLong(maximum: Profile.maximumBioLength) }
        if state.interests.count > Interest.maximumPerProfile {
            errors[.interests] = .tooMany(maximum: Interest.maximumPerProfile)
        } else if !state.interests.allSatisfy(Interest.catalog.contains) {
            errors[.interests] = .notAllowed
        }
        let preferences = validatePreferences(
            minimumAge: state.minimumAge, maximumAge: state.maximumAge, maximumDistance: state.maximumDistance
        )
        errors.merge(preferences.errors) { first, _ in first }
        guard errors.isEmpty, let lookingFor = preferences.value else { return .invalid(errors) }
        return .valid(Profile(bio: bio, interests: state.interests, lookingFor: lookingFor))
    }

    /// Validates who the user looks for: ages within 18–100 with the minimum not above the maximum, and
    /// a distance within 1–500 km.
    public static func validatePreferences(
        minimumAge minimumText: String, maximumAge maximumText: String, maximumDistance distanceText: String
    ) -> Validation<SearchPreferences, ProfileField> {
        var errors: [ProfileField: FieldError] = [:]
        let ages = SearchPreferences.minimumAge...SearchPreferences.maximumAge
        let minimumAge = number(minimumText, in: ages, field: .minimumAge, errors: &errors)
        let maximumAge = number(maximumText, in: ages, field: .maximumAge, errors: &errors)
        if let minimumAge, let maximumAge, minimumAge > maximumAge {
            errors[.minimumAge] = .minimumAboveMaximum
        }
        let distance = number(
            distanceText, in: SearchPreferences.distanceLimits, field: .maximumDistance, errors: &errors)
        guard errors.isEmpty, let minimumAge, let maximumAge, let distance else { return .invalid(errors) }
        return .valid(
            SearchPreferences(minimumAge: minimumAge, maximumAge: maximumAge, maximumDistanceKm: distance))
    }

    private static func number(
        _ text: String, in range: ClosedRange<Int>, field: ProfileField,
        errors: inout [ProfileField: FieldError]
    ) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            errors[field] = .required
            return nil
        }
        guard trimmed.count <= 6, let value = Int(trimmed) else {
            errors[field] = .notANumber
            return nil
        }
        guard range.contains(value) else {
            errors[field] = .outOfRange(range)
            return nil
        }
        return value
    }
}
