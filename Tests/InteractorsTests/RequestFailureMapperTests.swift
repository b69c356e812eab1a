import Interactors
import Models
import Testing

@Suite struct RequestFailureMapperTests {
    @Test func everyServiceError_mapsToWhatTheFormShows() {
        #expect(RequestFailureMapper.map(.invalidCredentials) == .failure(.wrongCredentials))
        #expect(RequestFailureMapper.map(.accountExists) == .fieldError(.username, .taken))
        #expect(RequestFailureMapper.map(.rateLimited(retryAfterSeconds: 30)) == .rateLimited(seconds: 30))
        #expect(RequestFailureMapper.map(.rateLimited(retryAfterSeconds: 0)) == .rateLimited(seconds: 1))
        #expect(RequestFailureMapper.map(.networkUnavailable) == .failure(.offline))
        #expect(RequestFailureMapper.map(.tokenExpired) == .sessionEnded(.sessionExpired))
        #expect(RequestFailureMapper.map(.tokenRevoked) == .sessionEnded(.sessionRevoked))
        #expect(RequestFailureMapper.map(.server("boom")) == .failure(.server("boom")))
        #expect(RequestFailureMapper.map(.rejected("no")) == .failure(.server("no")))
        #expect(
            RequestFailureMapper.map(.malformedResponse("x"))
                == .failure(.server("Unexpected response from the server")))
    }
}
