import Foundation

/// The page's files, served from the target's `Web/` resources: plain HTML, CSS and JavaScript.
public enum WebPage: String, Hashable, Sendable, CaseIterable {
    /// `GET /`: the page.
    case index = "index.html"
    /// `GET /app.js`: its script.
    case script = "app.js"
    /// `GET /app.css`: its style.
    case style = "app.css"

    /// The file's content type.
    public var contentType: String {
        switch self {
        case .index: "text/html; charset=utf-8"
        case .script: "text/javascript; charset=utf-8"
        case .style: "text/css; charset=utf-8"
        }
    }

    /// The file's answer: 200 with its bytes, or 500 if the build lost it.
    public func response() -> HTTPResponse {
        let name = URL(fileURLWithPath: rawValue)
        guard
            let url = Bundle.module.url(
                forResource: name.deletingPathExtension().lastPathComponent,
                withExtension: name.pathExtension,
                subdirectory: "Web"),
            let data = try? Data(contentsOf: url)
        else { return .error(.internalServerError, "the page's file \(rawValue) is missing from the build") }
        return HTTPResponse(
            status: .ok, headers: ["Content-Type": contentType, "Cache-Control": "no-cache"], body: data)
    }
}
