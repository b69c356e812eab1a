import Models

extension SearchFields {
    /// The three fields: minimum age, maximum age, maximum distance, each with its error.
    var generic: [ScreenElement] {
        [
            .field(Self.field(.minimumAge, "Minimum age", minimumAge)),
            .field(Self.field(.maximumAge, "Maximum age", maximumAge)),
            .field(Self.field(.maximumDistance, "Maximum distance (km)", maximumDistance)),
        ]
    }

    /// A field of the profile with its label.
    static func field(_ field: ProfileField, _ label: String, _ value: FormValue) -> ScreenField {
        ScreenField(
            id: fieldID(field), label: label, value: value.text,
            error: value.error.map { Copy.message(for: $0) })
    }

    /// The id of a field of the profile.
    static func fieldID(_ field: ProfileField) -> FieldID {
        switch field {
        case .bio: FieldID.Profile.bio
        case .interests: "interests"
        case .minimumAge: FieldID.Profile.minimumAge
        case .maximumAge: FieldID.Profile.maximumAge
        case .maximumDistance: FieldID.Profile.maximumDistance
        }
    }

    /// The field of the profile an id names.
    static func field(for id: FieldID) -> ProfileField? {
        ProfileField.allCases.first { fieldID($0) == id }
    }
}
