import LayoutEngine

/// The service's two hooks into the shared store: layouts not cached here are recomputed from
/// the store's recipe (`lookup`), and each layout computed here is written there before its
/// answer goes out (`persist`). Without a store both are the old
/// memory-only behaviour.
extension LayoutApplication {
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
                    if case .storeUnavailable = error { return .failure(error) }
                    return .failure(.unknownLayout(id: id))
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
                spec = try LayoutRequestDecoder.decode(body, maxElements: configuration.maxElements)
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
        return CachedLayout(id: row.id, spec: spec, layout: layout)
    }

    /// Writes a layout this replica just computed, before its answer goes out (no-op without a
    /// store; `recipe` is only evaluated with one). A failure is logged and counted by the client.
    func persist(_ entry: CachedLayout, recipe: () -> [UInt8]) {
        guard let store else { return }
        store.write(StoredLayout(id: entry.id, body: recipe()))
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
