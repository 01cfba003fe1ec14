import HTTP
@testable import LayoutAPI
import Testing

/// A request resolved once: the typed plan made at the head carries the route, the parsed
/// query and headers and the pinned layout; `execution` adds the body's memo lookup (which pins
/// a known layout), and `respond` uses both without looking anything up again.
@Suite struct RequestPlanTests {
    let app = LayoutApplication.make()
    static let body = #"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":30}]}"#

    static func post(_ body: String, headers: [(String, String)] = []) -> Request {
        Request(method: "POST", target: "/layout", headers: [("Content-Type", "application/json")] + headers, body: Array(body.utf8))
    }

    func planned(_ request: Request) throws -> LayoutApplication.Plan {
        guard case .proceed(let plan) = app.plan(for: request.head) else {
            Issue.record("expected a plan for \(request.method) \(request.head.target)")
            throw PlanError.answered
        }
        return plan
    }

    enum PlanError: Error { case answered }

    @Test func thePlanCarriesTheRouteTheParsedHeadersAndQueryAndTheEarlyAnswer() throws {
        let plan = try planned(Self.post(Self.body, headers: [("Accept-Encoding", "gzip"), ("Prefer", "return=minimal")]))
        #expect(plan.route.template == "/layout")
        #expect(plan.memo == nil && plan.entry == nil)
        #expect(plan.negotiation.coding(size: 2_000) == .gzip)
        #expect(plan.negotiation.coding(size: 20) == .identity)
        #expect(plan.negotiation.prefer == .minimal)

        let query = try planned(Request(method: "GET", target: "/layout/abc/elements?rect=0,0,10,20&kind=header"))
        #expect(query.route.template == "/layout/{id}/elements")
        #expect(query.id == "abc")
        #expect(query.query["rect"] == "0,0,10,20" && query.query["kind"] == "header")

        let wrong = app.plan(for: Request(method: "DELETE", target: "/healthz").head)
        #expect(wrong.answer?.status == 405)
        #expect(wrong.answer?.header("Allow") == "GET, HEAD")
        let missing = app.plan(for: Request(method: "GET", target: "/nowhere").head)
        #expect(missing.answer?.status == 404)
        #expect(missing.answer?.header("Vary") == "Accept-Encoding", "early answers pass the same post-handler step")
    }

    @Test func thePlanPinsTheLayoutAnIdNames() throws {
        let id = try #require(app.post(Self.body).id)
        let plan = try planned(Request(method: "GET", target: "/layout/\(id)"))
        #expect(plan.entry?.id == id)
        #expect(plan.entry === app.cache.peek(id))
        let svg = try planned(Request(method: "GET", target: "/layout/\(id).svg"))
        #expect(svg.route.template == "/layout/{id}.svg" && svg.entry?.id == id)
        #expect(try planned(Request(method: "GET", target: "/layout/0123")).entry == nil)
    }

    @Test func executionLooksTheBodyUpOnceAndRespondUsesThatLookup() throws {
        let first = app.respond(to: Self.post(Self.body))
        #expect(first.status == 200 && first.header("X-Cache") == "miss")

        let request = Self.post(Self.body)
        var plan = try planned(request)
        #expect(app.execution(for: request, plan: &plan) == .inline)
        let id = try #require(plan.memo?.id)
        #expect(plan.entry?.id == id)
        #expect(first.text.hasPrefix(#"{"id":"\#(id)""#))

        // `respond` trusts the plan's lookup: a body it would reject (400) is answered from the
        // layout the plan pinned, proving the body was not looked up again.
        let garbled = Self.post("not json")
        let answer = app.respond(to: garbled, plan: plan)
        #expect(answer.status == 200 && answer.header("X-Cache") == "hit")
        #expect(answer.text.hasPrefix(#"{"id":"\#(id)""#))
        // Planned afresh, the same garbled body is a 400.
        #expect(app.respond(to: garbled).status == 400)
    }

    /// The race of issue 21: `execution` said inline because the layout was cached, then it was
    /// evicted before `respond`, which looked it up again and computed it on the I/O loop. The
    /// plan now holds the entry: the answer comes from it and nothing is computed.
    @Test(arguments: ["GET /layout/{id}", "GET /layout/{id}/elements?rect=0,0,375,667", "GET /layout/{id}.svg", "POST /layout"])
    func anEvictionBetweenPlanAndRespondStillAnswersFromThePinnedEntry(route: String) throws {
        let id = try #require(app.post(Self.body).id)
        let parts = route.split(separator: " ")
        let target = String(parts[1]).replacingOccurrences(of: "{id}", with: id)
        let request = parts[0] == "POST" ? Self.post(Self.body) : Request(method: "GET", target: target)
        let expected = app.respond(to: request)
        #expect(expected.status == 200)
        let computed = app.cache.stats.misses

        var plan = try planned(request)
        // Pictures of more than 8 elements are drawn on Dispatch; everything else here is inline.
        #expect(app.execution(for: request, plan: &plan) == (route.contains(".svg") ? .offload : .inline))
        app.cache.remove(id)
        #expect(app.cache.peek(id) == nil)
        let answer = app.respond(to: request, plan: plan)
        #expect(answer.status == 200)
        #expect(answer.body == expected.body)
        if parts[0] == "POST" { #expect(answer.header("X-Cache") == "hit") }
        #expect(app.cache.stats.misses == computed, "nothing computed")
        #expect(app.cache.peek(id) == nil, "nothing looked up again (it would have been recomputed and cached)")
    }
}
