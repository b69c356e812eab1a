import Interactors
import Models
import Testing

@Suite struct ProfileValidatorTests {
    func state(
        bio: String = "", interests: [Interest] = [], minimumAge: String = "18", maximumAge: String = "40",
        distance: String = "50"
    ) -> ProfileSetupState {
        var state = ProfileSetupState()
        state.bio = bio
        state.interests = interests
        state.minimumAge = minimumAge
        state.maximumAge = maximumAge
        state.maximumDistance = distance
        return state
    }

    @Test func validForm_yieldsTheProfile() {
        let result = ProfileValidator.validate(
            state(
                bio: " Hi ", interests: [Interest("Hiking")], minimumAge: "25", maximumAge: "35",
                distance: "10"))
        #expect(
            result
                == .valid(
                    Profile(
                        bio: "Hi", interests: [Interest("Hiking")],
                        lookingFor: SearchPreferences(minimumAge: 25, maximumAge: 35, maximumDistanceKm: 10)))
        )
    }

    @Test func bio_ofFiveHundredCharacters_isAccepted_andOneMore_isNot() {
        #expect(ProfileValidator.validate(state(bio: String(repeating: "b", count: 500))).errors.isEmpty)
        #expect(
            ProfileValidator.validate(state(bio: String(repeating: "b", count: 501))).errors == [
                .bio: .tooLong(maximum: 500)
            ])
    }

    @Test func interests_mustComeFromTheCatalog_andBeAtMostFive() {
        #expect(
            ProfileValidator.validate(state(interests: [Interest("Skydiving")])).errors == [
                .interests: .notAllowed
            ])
        let six = Array(Interest.catalog.prefix(6))
        #expect(ProfileValidator.validate(state(interests: six)).errors == [.interests: .tooMany(maximum: 5)])
    }

    @Test func ages_mustBeNumbersInRange_withMinimumNotAboveMaximum() {
        #expect(ProfileValidator.validate(state(minimumAge: "x")).errors == [.minimumAge: .notANumber])
        #expect(ProfileValidator.validate(state(minimumAge: "")).errors == [.minimumAge: .required])
        #expect(
            ProfileValidator.validate(state(minimumAge: "17")).errors == [.minimumAge: .outOfRange(18...100)])
        #expect(
            ProfileValidator.validate(state(maximumAge: "101")).errors == [.maximumAge: .outOfRange(18...100)]
        )
        #expect(
            ProfileValidator.validate(state(minimumAge: "30", maximumAge: "25")).errors == [
                .minimumAge: .minimumAboveMaximum
            ])
        #expect(
            ProfileValidator.validate(state(minimumAge: "99999999999999999999")).errors == [
                .minimumAge: .notANumber
            ])
    }

    @Test func distance_mustBeWithinOneToFiveHundred() {
        #expect(
            ProfileValidator.validate(state(distance: "0")).errors == [.maximumDistance: .outOfRange(1...500)]
        )
        #expect(ProfileValidator.validate(state(distance: "500")).errors.isEmpty)
    }
}
