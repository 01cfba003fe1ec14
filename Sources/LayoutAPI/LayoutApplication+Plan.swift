import HTTP

/// A request resolved once: `plan(for:)` parses the path and checks method and media type at
/// the head; `execution(for:plan:)` looks the body up in the memo of recent bodies (hashing it
/// once) and keeps what it found in the plan; `respond(to:plan:)` uses both.
extension LayoutApplication {
    /// The token this application puts in a `RequestPlan`.
    struct Resolution: Sendable {
        /// The route the path names (nil: none), whatever the method.
        var route: Route?
        /// The route, or why the request is refused before its body.
        var checked: Result<Route, APIError>
        /// The body looked up in `RecentBodies` (nil: not yet).
        var memo: RecentBodies.Lookup?

        init(_ head: RequestHead) {
            route = Route(path: head.path)
            checked = LayoutApplication.check(route, head)
        }
    }

    public func plan(for head: RequestHead) -> RequestPlan {
        let resolution = Resolution(head)
        switch resolution.checked {
        case .success: return RequestPlan(token: resolution)
        case .failure(let e): return RequestPlan(answer: e.response, token: resolution)
        }
    }

    /// The plan's resolution, or one made now (a plan from elsewhere).
    static func resolution(_ plan: RequestPlan, _ request: Request) -> Resolution {
        plan.token as? Resolution ?? Resolution(request.head)
    }

    /// The memo's answer for an identity `POST /layout` body, computed at most once per request.
    func memoLookup(_ request: Request, _ resolution: inout Resolution) -> RecentBodies.Lookup? {
        guard request.method == "POST", resolution.route == .layouts, request.headers["Content-Encoding"] == nil else {
            return nil
        }
        if let memo = resolution.memo { return memo }
        let memo = recentBodies.lookup(request.body)
        resolution.memo = memo
        return memo
    }

    /// Answers what can be decided from the head alone (unknown path, wrong method, wrong
    /// media type), so `Expect: 100-continue` clients get the final status before sending a body.
    public func precheck(_ head: RequestHead) -> Response? {
        plan(for: head).answer
    }

    /// `execution(for:plan:)` for a request planned now (tests, tools).
    public func execution(for request: Request) -> Execution {
        var plan = plan(for: request.head)
        return execution(for: request, plan: &plan)
    }

    /// Resolves and answers in one call (tests, tools); an answer decided at the head is
    /// negotiated as any other.
    public func respond(to request: Request) -> Response {
        respond(to: request, plan: plan(for: request.head))
    }
}
