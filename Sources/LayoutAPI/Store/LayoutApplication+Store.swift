import LayoutEngine

/// The service's two hooks into the shared store: layouts not cached here are recomputed from
/// the store's copy of their canonical request (`lookup`), and each layout computed here is
/// written there before its answer goes out (`persist`). Without a store both are the old
/// memory-only behaviour.
extension LayoutApplication {
    /// The layout `id` from this replica's cache or, with a store, recomputed from the stored
    /// canonical request: one read and one computation however many requests ask at once. A 404
    /// when no replica stored it, a 503 with `Retry-After` while the store cannot be reached.
    func lookup(_ id: String) throws(APIError) -> CachedLayout {
        if let entry = cache.get(id) {
            store?.noteUse(id)
            return entry
        }
        guard let store, Self.isContentID(id) else { throw .unknownLayout(id: id) }
        let (result, _) = cache.getOrCompute(id) { () -> Result<CachedLayout, APIError> in
            switch store.read(id) {
            case .unavailable(let retryAfter):
                return .failure(.storeUnavailable(id: id, retryAfter: retryAfter))
            case .missing:
                return .failure(.unknownLayout(id: id))
            case .found(let row):
                return recompute(row).map { .success($0) } ?? .failure(.unknownLayout(id: id))
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

    /// The layout of a stored row, or nil (logged) for a row of another format or version, or
    /// one whose bytes are not the canonical request of its id.
    private func recompute(_ row: StoredLayout) -> CachedLayout? {
        guard row.format == StoredLayout.currentFormat else {
            store?.log(.warning, "store: layout \(row.id) is stored in format \(row.format), this replica reads \(StoredLayout.currentFormat); treated as not stored")
            return nil
        }
        let spec: LayoutSpec
        do {
            spec = try LayoutSpec.decodeCanonical(row.body, maxElements: configuration.maxElements)
        } catch {
            store?.log(.warning, "store: layout \(row.id) cannot be read back (\(error)); treated as not stored")
            return nil
        }
        guard spec.contentID() == row.id else {
            store?.log(.warning, "store: the row stored as \(row.id) holds layout \(spec.contentID()); treated as not stored")
            return nil
        }
        return CachedLayout(id: row.id, spec: spec, layout: spec.compute())
    }

    /// Writes a layout this replica just computed (no-op without a store). Failures are the
    /// client's concern only in that other replicas may not find the id until it is written.
    func persist(_ entry: CachedLayout) {
        store?.write(StoredLayout(id: entry.id, body: entry.spec.canonicalBytes()))
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
