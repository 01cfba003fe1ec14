import HTTP
import LayoutEngine

/// Where a request runs, decided by the size of its answer, not by its route: the I/O loops only
/// parse, route, copy cached bytes and write; encoding more than `inlineElementLimit` elements,
/// drawing a large picture or compressing more than `inlineCompressionLimit` bytes runs on
/// Dispatch. These are the `.sized` costs of the route table; each reads the plan's pinned
/// layout (never the cache again) and is O(log n) at most.
extension LayoutApplication {
    /// Most elements an answer encoded on an I/O loop may hold: about 50 µs of encoding, a few
    /// times the cost of the hop to Dispatch and back.
    static let inlineElementLimit = 1_000

    /// The contract is cached compressed once per coding: inline unless that is still to do.
    static func contractCost(_ app: LayoutApplication, _ request: Request, _ plan: inout Plan) -> Execution {
        compressionPending(openAPIBody, plan) ? .offload : .inline
    }

    /// `GET /`: the playground, cached compressed once per coding, like the contract.
    static func playgroundCost(_ app: LayoutApplication, _ request: Request, _ plan: inout Plan) -> Execution {
        compressionPending(Playground.body, plan) ? .offload : .inline
    }

    /// `GET /docs`: the page is cached compressed once per coding, like the contract.
    static func referenceCost(_ app: LayoutApplication, _ request: Request, _ plan: inout Plan) -> Execution {
        compressionPending(APIReference.body, plan) ? .offload : .inline
    }

    /// `GET /devices`: fixed bytes, inline unless its coded form is still to make.
    static func devicesCost(_ app: LayoutApplication, _ request: Request, _ plan: inout Plan) -> Execution {
        compressionPending(DevicesDocument.body, plan) ? .offload : .inline
    }

    /// A body the memo knows (its layout pinned by the lookup) is answered inline from the cache
    /// unless its coded form is still to make; anything else is decoded and computed on Dispatch.
    static func postCost(_ app: LayoutApplication, _ request: Request, _ plan: inout Plan) -> Execution {
        _ = app.memoLookup(request, &plan)
        guard let entry = plan.entry, !app.awaitsCommit(entry) else { return .offload }
        if (try? prefersMinimal(plan)) == true {
            // Made on Dispatch by the first answer that sends it (its counts are O(elements)).
            guard let minimal = entry.minimalIfMade else { return .offload }
            return compressionPending(minimal, plan) ? .offload : .inline
        }
        return fullCost(entry, plan)
    }

    /// `GET /layout/{id}`: the cached bytes inline (unless a large coded form is still to make);
    /// the picture when `Accept` prefers it (`svgCost`).
    static func layoutCost(_ app: LayoutApplication, _ request: Request, _ plan: inout Plan) -> Execution {
        let media = plan.negotiation.representation(svg: true)
        if media == .svg { return svgCost(app, request, &plan) }
        guard let entry = plan.entry else { return .inline }   // a 404
        // The binary body is encoded for each answer: on Dispatch past the element limit.
        if media == .protobuf { return entry.layout.attributes.count > inlineElementLimit ? .offload : .inline }
        return fullCost(entry, plan)
    }

    /// The full body: inline when made (and made in the coding asked for, or small), else on
    /// Dispatch if encoding it could take more than `inlineElementLimit` elements.
    static func fullCost(_ entry: CachedLayout, _ plan: Plan) -> Execution {
        guard let full = entry.fullIfMade else { return entry.fullPending(limit: inlineElementLimit) ? .offload : .inline }
        return compressionPending(full, plan) ? .offload : .inline
    }

    /// Element queries: inline for a layout of at most `inlineElementLimit` elements, an index
    /// path, or a rect or point whose answer the spatial index bounds under the limit (an
    /// O(log n) look at the tree); offloaded when the index must first be built, for the whole
    /// list, for anything bigger, and for an answer that may need more than
    /// `inlineCompressionLimit` bytes compressed. A malformed query is a quick 400, inline.
    static func queryCost(_ app: LayoutApplication, _ request: Request, _ plan: inout Plan) -> Execution {
        guard let entry = plan.entry, let query = try? ElementQuery(plan.query) else { return .inline }
        plan.elements = query
        if plan.negotiation.coding(size: inlineCompressionLimit + 1) != .identity,
           estimatedAnswerBytes(query, entry) > inlineCompressionLimit {
            return .offload
        }
        let limit = inlineElementLimit
        guard entry.layout.attributes.count > limit, query.indexPath == nil else { return .inline }
        // The first rect or point query of a large layout builds its index.
        guard let index = entry.builtIndex else { return .offload }
        if let p = query.point { return index.estimatedCount(containing: p, limit: limit) > limit ? .offload : .inline }
        if let r = query.rect { return index.estimatedCount(in: r, limit: limit) > limit ? .offload : .inline }
        return .offload
    }
}
