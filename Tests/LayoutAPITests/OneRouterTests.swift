import HTTP
@testable import LayoutAPI
import Testing

/// The hot path and the table are one router: `respondInline` answers only through a route line's
/// inline writer, found by the table's own matcher over the target's bytes.
@Suite struct OneRouterTests {
    let app = LayoutApplication.make()

    func answeredInline(_ target: String, method: String = "GET") -> String? {
        var writer = ResponseWriter()
        writer.reset()
        guard app.respondInline(to: Request(method: method, target: target, headers: [("Host", "x")]), into: &writer) else { return nil }
        return writer.route
    }

    @Test func theInlineWritersAreLinesOfTheTable() {
        #expect(LayoutApplication.routes.filter { $0.inline != nil }.map(\.template) == ["/healthz", "/layout/{id}/elements"])
    }

    @Test func onlyWhatTheTableMatchesIsAnsweredInline() throws {
        #expect(answeredInline("/healthz") == "/healthz")
        let id = try #require(app.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":3}]}"#).id)
        _ = app.respond(to: Request(method: "GET", target: "/layout/\(id)/elements?rect=0,0,10,10", headers: [("Host", "x")]))  // builds the index
        #expect(answeredInline("/layout/\(id)/elements?rect=0,0,375,667") == "/layout/{id}/elements")
        for declined in ["/healthz?x=1", "/healthz/", "//healthz", "/layout/\(id)/elements/?rect=0,0,1,1", "/layout//elements?rect=0,0,1,1",
                         "/layout/\(id)/elements", "/layout/\(id)/elements?rect=0,0,1,1&kind=cell", "/layout/\(id)", "/nowhere"] {
            #expect(answeredInline(declined) == nil, "\(declined)")
        }
        #expect(answeredInline("/healthz", method: "HEAD") == nil)
    }

    /// A GET the hot path routed but did not answer hands back the plan `plan(for:)` makes (the
    /// same route, id and query), so the table is walked once; a 404 path hands back none.
    @Test func aDeclinedRequestKeepsItsPlan() throws {
        let id = try #require(app.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":3}]}"#).id)
        for target in ["/layout/\(id)", "/layout/\(id)/elements?rect=0,0,1,1&kind=cell", "/layout/\(id).svg", "/healthz?x=1",
                       "/layout/feedbeef/elements?rect=0,0,1,1"] {
            let request = Request(method: "GET", target: target, headers: [("Host", "x")])
            var writer = ResponseWriter()
            writer.reset()
            var declined: RequestPlan<LayoutApplication.Plan>?
            #expect(!app.respondInline(to: request, into: &writer, declined: &declined))
            guard case .proceed(let kept)? = declined, case .proceed(let fresh) = app.plan(for: request.head) else {
                Issue.record("no plan kept for \(target)")
                continue
            }
            #expect(kept.route.template == fresh.route.template && kept.id == fresh.id && kept.rawQuery == fresh.rawQuery, "\(target)")
            #expect((kept.entry == nil) == (fresh.entry == nil), "\(target)")
            #expect(app.respond(to: request, plan: kept).body == app.respond(to: request, plan: fresh).body, "\(target)")
        }
        var writer = ResponseWriter()
        var declined: RequestPlan<LayoutApplication.Plan>?
        #expect(!app.respondInline(to: Request(method: "GET", target: "/nowhere", headers: [("Host", "x")]), into: &writer, declined: &declined))
        #expect(declined == nil)
    }
}
