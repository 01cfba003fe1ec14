import HTTP
import SharedStore
import LayoutEngine
import Synchronization

/// The service's hooks into the shared store: layouts not cached here are recomputed from the
/// store's recipe (`lookup`), and an id computed here is handed out only once its row is
/// committed (`persist`, then `respond(to:plan:complete:)` answers from the commit's callback).
/// Without a store both are the old memory-only behaviour.
///
/// Durability, as tested by `scripts/ci-cluster`: a `POST /layout` (or `/invalidate`) answered
/// 200 names an id whose row is committed (`synchronous_commit` on), so no replica restart,
/// crash or store restart loses it; a 404 means the store answered that it has no such row. When
/// the store cannot commit, the request is a 503 with `Retry-After` instead.
extension LayoutApplication {
    /// Answers off the I/O loop, on the light lane or, for heavy work, the heavy lane
    /// (`WorkLanes`): a request known to be heavy from its size goes there at once; one whose
    /// handler finds it heavy (a small body asking for a large layout) is run again there. An
    /// answer that hands out ids computed here goes out once their rows are committed (a group
    /// commit shared with concurrent requests), or becomes a 503 with `Retry-After` if they could
    /// not be. No thread waits for the commit.
    public func respond(to request: Request, plan: consuming Plan, complete: @escaping @Sendable (Response) -> Void) {
        var plan = plan
        if !plan.heavy {
            plan.mayMove = true
            if respondCommitted(to: request, plan: plan, complete: complete) { return }
        }
        plan.heavy = true
        plan.mayMove = false
        metrics.recordHeavy()
        let heavyPlan = plan
        lanes.submit(request.cancellation, run: {
            _ = self.respondCommitted(to: request, plan: heavyPlan, complete: complete)
        }, cancelled: {
            self.metrics.recordCancelled()
            complete(self.finish(Answer(.clientGone), negotiation: heavyPlan.negotiation, method: request.method, route: heavyPlan.route))
        })
    }

    /// `respondOnLane` with the store's commit; false (and `complete` not called) when the
    /// handler asked for the heavy lane.
    func respondCommitted(to request: Request, plan: Plan, complete: @escaping @Sendable (Response) -> Void) -> Bool {
        guard let store else {
            guard let response = respondOnLane(to: request, plan: plan) else { return false }
            complete(response)
            return true
        }
        let commits = PendingCommits()
        let (negotiation, route) = (plan.negotiation, plan.route)
        guard let response = PendingCommits.$current.withValue(commits, operation: { respondOnLane(to: request, plan: plan) }) else {
            return false
        }
        let rows = commits.taken()
        guard !rows.isEmpty else { complete(response); return true }
        guard response.status < 300 else {
            // Refused after computing (strict=true warnings...): nothing handed out, the rows are
            // written anyway so that the work is not repeated elsewhere.
            for (row, entry) in rows { store.commit(row) { if $0 == .committed { entry.stored.store(true, ordering: .releasing) } } }
            complete(response)
            return true
        }
        let join = CommitJoin(count: rows.count)
        for (row, entry) in rows {
            store.commit(row) { outcome in
                if outcome == .committed { entry.stored.store(true, ordering: .releasing) }
                guard let outcome = join.finish(id: row.id, outcome) else { return }
                switch outcome {
                case .success:
                    complete(response)
                case .failure(let refusal):
                    complete(self.finish(Answer(refusal), negotiation: negotiation, method: request.method, route: route))
                }
            }
        }
        return true
    }

    /// The layout `id` from this replica's cache or, with a store, recomputed from the stored
    /// recipe: one read and one computation however many requests ask at once. A 404 when no
    /// replica stored it, a 503 with `Retry-After` while the store cannot be reached.
    func lookup(_ id: String) throws(APIError) -> CachedLayout {
        try lookup(id, chain: 0)
    }

    private func lookup(_ id: String, chain: Int) throws(APIError) -> CachedLayout {
        if let entry = cache.get(id) {
            store?.noteUse(id)
            return entry
        }
        guard let store, Self.isContentID(id), chain <= StoreRecipe.maxChain else { throw .unknownLayout(id: id) }
        let (result, _) = cache.getOrCompute(id) { () -> Result<CachedLayout, APIError> in
            switch store.read(id) {
            case .unavailable(let retryAfter):
                return .failure(.storeUnavailable(id: id, retryAfter: retryAfter))
            case .missing:
                return .failure(.unknownLayout(id: id))
            case .found(let row):
                do throws(APIError) {
                    return .success(try recompute(row, chain: chain))
                } catch {
                    switch error {
                    case .storeUnavailable, .notStored: return .failure(error)
                    default: return .failure(.unknownLayout(id: id))
                    }
                }
            }
        }
        switch result {
        case .success(let entry):
            store.noteUse(id)
            return entry
        case .failure(let problem):
            throw problem
        }
    }

    /// The layout of a stored row. A row of another format, or whose recipe does not give a
    /// layout with the row's id, is logged and treated as not stored (404).
    private func recompute(_ row: StoredLayout, chain: Int) throws(APIError) -> CachedLayout {
        let unreadable = APIError.unknownLayout(id: row.id)
        guard row.format == StoredLayout.currentFormat else {
            store?.log(.warning, "store: layout \(row.id) is stored in format \(row.format), this replica reads \(StoredLayout.currentFormat); treated as not stored")
            throw unreadable
        }
        guard let step = StoreRecipe.parse(row.body) else {
            store?.log(.warning, "store: layout \(row.id) has no readable recipe; treated as not stored")
            throw unreadable
        }
        let spec: LayoutSpec
        switch step {
        case .post(let body):
            do throws(APIError) {
                spec = try LayoutSpec.decode(body, configuration)
            } catch {
                store?.log(.warning, "store: the request stored for layout \(row.id) is refused here (\(error.problem.detail)); treated as not stored")
                throw unreadable
            }
        case .measured(let base, let field):
            let from = try lookup(base, chain: chain + 1)
            var reader = WireReader()
            let measured = try? from.spec.definition.applyingPreferredSizes(field, reader: &reader)
            guard let measured, reader.problems.isEmpty else {
                store?.log(.warning, "store: the measured sizes stored for layout \(row.id) do not apply to \(base); treated as not stored")
                throw unreadable
            }
            spec = LayoutSpec(measured)
        case .resized(let base, let size):
            spec = try lookup(base, chain: chain + 1).spec.resized(width: size.width, height: size.height)
        }
        guard spec.contentID() == row.id else {
            store?.log(.warning, "store: the recipe stored as \(row.id) gives layout \(spec.contentID()); treated as not stored")
            throw unreadable
        }
        let layout: Layout
        do throws(LayoutRefusal) { layout = try spec.compute() } catch { throw .refused(error) }
        metrics.recordComputed(type: spec.typeName, elements: layout.attributes.count)
        let entry = CachedLayout(id: row.id, spec: spec, layout: layout, cachedBodyElements: configuration.cachedBodyElements)
        entry.stored.store(true, ordering: .releasing)
        return entry
    }

    /// Commits the row of a layout this request is about to hand out, unless the store holds it
    /// already (no-op without a store; `recipe` is only evaluated when a row is written). In
    /// `respond(to:plan:complete:)` the answer waits for the commit. On the synchronous path,
    /// which cannot wait (an answer made on an I/O loop, tests, tools), the id goes out only if
    /// the commit is done by the time `commit` returns; else this is a 503 (`notStored`) and the
    /// commit goes on, so a retry finds it stored.
    func persist(_ entry: CachedLayout, recipe: () -> [UInt8]) throws(APIError) {
        guard let store, !entry.stored.load(ordering: .acquiring) else { return }
        let row = StoredLayout(id: entry.id, body: recipe())
        if let pending = PendingCommits.current {
            pending.add(row, entry)
            return
        }
        store.commit(row) { if $0 == .committed { entry.stored.store(true, ordering: .releasing) } }
        guard entry.stored.load(ordering: .acquiring) else { throw .notStored(id: entry.id, retryAfter: store.retryAfter) }
    }

    /// A layout a new id is derived from (`/invalidate`): with a store, it must be stored itself,
    /// or the derived row's recipe would point at a row no replica can read (503 until it is).
    func stored(_ entry: CachedLayout) throws(APIError) -> CachedLayout {
        if let store, !entry.stored.load(ordering: .acquiring) {
            throw .notStored(id: entry.id, retryAfter: store.retryAfter)
        }
        return entry
    }

    /// Whether handing out `entry`'s id must wait for its commit (a store holds no row of it
    /// yet): such a `POST /layout` is not answered on the I/O loop.
    func awaitsCommit(_ entry: CachedLayout) -> Bool {
        store != nil && !entry.stored.load(ordering: .acquiring)
    }

    /// Whether a request for `id` may reach the store, so it must run off the I/O loop.
    func needsStore(_ id: String) -> Bool {
        store != nil && Self.isContentID(id) && !cache.contains(id)
    }

    /// Content ids are 32 lowercase hex digits; nothing else is looked up in the store.
    static func isContentID(_ id: String) -> Bool {
        id.utf8.count == 32 && id.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}

/// The rows a request is about to hand out, collected while it is handled (`persist`) so that
/// its answer goes out once they are committed. Bound for the duration of one
/// `respond(to:plan:complete:)` (a task-local, which also works outside tasks).
final class PendingCommits: Sendable {
    @TaskLocal static var current: PendingCommits?
    private let rows = Mutex<[(StoredLayout, CachedLayout)]>([])

    func add(_ row: StoredLayout, _ entry: CachedLayout) {
        rows.withLock { list in
            if !list.contains(where: { $0.0.id == row.id }) { list.append((row, entry)) }
        }
    }

    func taken() -> [(StoredLayout, CachedLayout)] { rows.withLock { $0 } }
}

/// Waits for several commits: the first refusal, or success once all are committed, reported once.
final class CommitJoin: Sendable {
    private let state: Mutex<(left: Int, reported: Bool)>
    init(count: Int) { state = Mutex((count, false)) }

    /// The join's outcome when this commit decides it, else nil.
    func finish(id: String, _ outcome: StoreClient.CommitOutcome) -> Result<Void, APIError>? {
        state.withLock { s -> Result<Void, APIError>? in
            guard !s.reported else { return nil }
            s.left -= 1
            if case .unavailable(let retryAfter) = outcome {
                s.reported = true
                return .failure(.notStored(id: id, retryAfter: retryAfter))
            }
            guard s.left == 0 else { return nil }
            s.reported = true
            return .success(())
        }
    }
}
