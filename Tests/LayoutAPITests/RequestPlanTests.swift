import HTTP
@testable import LayoutAPI
import Testing

/// A request resolved once: the plan made at the head carries the route, and `execution`
/// adds the body's memo lookup, which `respond` uses instead of hashing the body again.
@Suite struct RequestPlanTests {
    let app = LayoutApplication.make()
    static let body = #"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":30}]}"#

    static func post(_ body: String) -> Request {
        Request(method: "POST", target: "/layout", headers: [("Content-Type", "application/json")], body: Array(body.utf8))
    }

    @Test func thePlanCarriesTheRouteAndTheEarlyAnswer() throws {
        let ok = app.plan(for: Self.post(Self.body).head)
        #expect(ok.answer == nil)
        let resolution = try #require(ok.token as? LayoutApplication.Resolution)
        #expect(resolution.route == .layouts)
        #expect(resolution.memo == nil)

        let wrong = app.plan(for: Request(method: "DELETE", target: "/healthz").head)
        #expect(wrong.answer?.status == 405)
        let missing = app.plan(for: Request(method: "GET", target: "/nowhere").head)
        #expect(missing.answer?.status == 404)
    }

    @Test func executionLooksTheBodyUpOnceAndRespondUsesThatLookup() throws {
        let first = app.respond(to: Self.post(Self.body))
        #expect(first.status == 200 && first.header("X-Cache") == "miss")

        let request = Self.post(Self.body)
        var plan = app.plan(for: request.head)
        #expect(app.execution(for: request, plan: &plan) == .inline)
        let resolution = try #require(plan.token as? LayoutApplication.Resolution)
        let id = try #require(resolution.memo?.id)
        #expect(first.text.hasPrefix(#"{"id":"\#(id)""#))

        // `respond` trusts the plan's lookup: a body it would reject (400) is answered from the
        // cache under the id the plan found, proving the body was not looked up again.
        let garbled = Self.post("not json")
        let answer = app.respond(to: garbled, plan: plan)
        #expect(answer.status == 200 && answer.header("X-Cache") == "hit")
        #expect(answer.text.hasPrefix(#"{"id":"\#(id)""#))
        // Planned afresh, the same garbled body is a 400.
        #expect(app.respond(to: garbled).status == 400)
    }

    @Test func aPlanFromElsewhereIsResolvedAgain() {
        let request = Self.post(Self.body)
        var foreign = RequestPlan(token: "not ours")
        #expect(app.execution(for: request, plan: &foreign) == .offload)
        #expect(app.respond(to: request, plan: foreign).status == 200)
    }
}
