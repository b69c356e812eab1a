import Foundation
import Testing
import WebFrontEnd

/// Routing from method and path alone, and the command line's options.
@Suite struct WebRouteTests {
    func route(_ method: String, _ path: String, knobs: Bool = false) -> Result<WebRoute, WebRoute.Miss> {
        WebRoute.resolve(method: method, path: path, testKnobs: knobs)
    }

    @Test func everyRoute_isFoundByItsMethodAndPath() {
        #expect(route("GET", "/") == .success(.page(.index)))
        #expect(route("GET", "/app.js") == .success(.page(.script)))
        #expect(route("GET", "/app.css") == .success(.page(.style)))
        #expect(route("POST", "/api/sessions") == .success(.createSession))
        #expect(route("DELETE", "/api/sessions/s1") == .success(.deleteSession("s1")))
        #expect(route("GET", "/api/sessions/s1/events") == .success(.events("s1")))
        #expect(route("GET", "/api/sessions/s1/view") == .success(.view("s1")))
        #expect(route("POST", "/api/sessions/s1/intents") == .success(.intents("s1")))
        #expect(route("POST", "/api/sessions/s1/knobs", knobs: true) == .success(.knobs("s1")))
    }

    @Test func aKnownPathWithAnotherMethod_is405_andAnUnknownPath404() {
        #expect(route("GET", "/api/sessions") == .failure(.methodNotAllowed(allowed: ["POST"])))
        #expect(
            route("POST", "/api/sessions/s1/view") == .failure(.methodNotAllowed(allowed: ["GET", "HEAD"])))
        #expect(route("get", "/") == .failure(.methodNotAllowed(allowed: ["GET", "HEAD"])))
        #expect(route("HEAD", "/api/sessions/s1/events") == .failure(.methodNotAllowed(allowed: ["GET"])))
        #expect(route("HEAD", "/") == .success(.page(.index)))
        #expect(route("HEAD", "/api/sessions/s1/view") == .success(.view("s1")))
        for path in [
            "/index.html", "/api", "/api/sessions/", "/api/sessions//view", "/api/sessions/s1/view/x", "//",
        ] {
            #expect(route("GET", path) == .failure(.notFound(path: path)), "\(path)")
        }
    }

    @Test func theKnobsPath_existsOnlyWithTheFlag() {
        #expect(
            route("POST", "/api/sessions/s1/knobs") == .failure(.notFound(path: "/api/sessions/s1/knobs")))
        #expect(route("GET", "/api/sessions/s1/knobs") == .failure(.notFound(path: "/api/sessions/s1/knobs")))
    }

    @Test func serveOptions_readPortBackendAndHomeserver() throws {
        let plain = try ServeOptions.parse(port: nil, backend: nil, homeserver: nil, testKnobs: false).get()
        #expect(plain == ServeOptions(port: 8080, backend: .embedded, testKnobs: false))
        #expect(
            try ServeOptions.parse(port: "0", backend: "embedded", homeserver: nil, testKnobs: true).get()
                .port == 0)
        let local = try ServeOptions.parse(
            port: "9000", backend: "matrix", homeserver: "http://127.0.0.1:8008", testKnobs: false
        ).get()
        #expect(local.backend == .matrix(homeserver: URL(string: "http://127.0.0.1:8008")!))
    }

    @Test(
        arguments: [
            ("65536", nil, nil), ("-1", nil, nil), ("http", nil, nil), (nil, "sqlite", nil),
            (nil, nil, "http://127.0.0.1:8008"),
            (nil, "matrix", nil), (nil, "matrix", "ftp://127.0.0.1"),
            (nil, "matrix", "http://matrix.example.org"),
        ] as [(String?, String?, String?)])
    func badOptions_areRefusedWithAReason(_ port: String?, _ backend: String?, _ homeserver: String?) {
        guard
            case .failure(let invalid) = ServeOptions.parse(
                port: port, backend: backend, homeserver: homeserver, testKnobs: false)
        else {
            Issue.record(
                "accepted \(String(describing: port)) \(String(describing: backend)) \(String(describing: homeserver))"
            )
            return
        }
        #expect(!invalid.message.isEmpty)
    }
}
