import HTTP

/// `GET /docs`: the API reference, `openapi.yaml` rendered as one HTML page when the contract
/// changes (scripts/gen-openapi runs scripts/render-api-reference.py and embeds the page as
/// `APIReferencePage`). Nothing in it comes from elsewhere and it runs no script, so its
/// Content-Security-Policy allows inline styles and nothing else; it works with no network.
/// The page names the SHA-256 of the contract it was rendered from, so a test can tell when it
/// is stale.
enum APIReference {
    /// The page, compressed at most once per coding.
    static let body = EncodedBody(APIReferencePage.bytes)

    static let answer: Answer = {
        var answer = Answer(contentType: "text/html; charset=utf-8", body: .cached(body, of: nil),
                            validator: .tag(Answer.contentTag("docs", APIReferencePage.bytes)))
        answer.headers.add("Content-Security-Policy", contentSecurityPolicy)
        answer.headers.add("X-Content-Type-Options", "nosniff")
        return answer
    }()

    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}
