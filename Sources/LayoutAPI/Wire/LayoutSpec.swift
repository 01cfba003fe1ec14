import LayoutEngine

/// A fully resolved layout request: which layout, with every input it reads. Equal specs give
/// equal layouts, so the spec's canonical bytes are the cache key and the source of the id.
package enum LayoutSpec: Hashable, Sendable {
    case flow(FlowLayoutConfiguration)
    /// Sections fully resolved: every per-section override is set (see `WaterfallRequest.swift`).
    /// CHT reads no height; the collection view's is kept for bounds changes (`viewSize`).
    case waterfall(WaterfallConfiguration, viewHeight: Double)
    case columnFlow(ColumnFlowConfiguration)
    case grid(GridConfiguration)
    case mosaic(MosaicConfiguration)

    /// Lays it out. O(elements); the caller has checked the element cap.
    package func compute() -> Layout {
        switch self {
        case .flow(let c): FlowLayout.layout(c)
        case .waterfall(let c, _): WaterfallLayout.layout(c)
        case .columnFlow(let c): ColumnFlowLayout.layout(c)
        case .grid(let c): GridLayout.layout(c)
        case .mosaic(let c): MosaicLayout.layout(c)
        }
    }

    var scrollDirection: ScrollDirection {
        switch self {
        case .flow(let c): c.scrollDirection
        case .waterfall, .columnFlow, .grid, .mosaic: .vertical
        }
    }

    /// True when elements carry an `estimated` flag (self-sizing flow layouts).
    var estimates: Bool {
        switch self {
        case .flow(let c): c.estimatedItemSize != nil
        case .waterfall, .columnFlow, .grid, .mosaic: false
        }
    }
}

/// Turns a `POST /layout` body into a `LayoutSpec`, or the error to answer with.
package enum LayoutRequestDecoder {
    static let topLevelKeys: Set<String> = ["collectionView", "layout", "sections", "preferredSizes"]

    package static func decode(_ body: [UInt8], maxElements: Int) throws(APIError) -> LayoutSpec {
        let json = try RequestDocument.parse(body)
        var reader = WireReader()
        let spec: LayoutSpec
        do {
            spec = try decode(JSONField(json), reader: &reader, maxElements: maxElements)
        } catch {
            throw APIError.from(error)
        }
        if !reader.problems.isEmpty {
            throw APIError.unprocessable(reader.problems, detail: summary(reader))
        }
        return spec
    }

    static func decode(_ root: JSONField, reader: inout WireReader, maxElements: Int) throws(FieldError) -> LayoutSpec {
        let o = try root.object()
        try o.rejectUnknownKeys(allowed: topLevelKeys)
        let cv = try reader.collectionView(try o.required("collectionView"))
        let layout = try o.optional("layout").map { f throws(FieldError) in try f.object() }
        let type = try layout?.optional("type").map { f throws(FieldError) in try f.enumValue(LayoutType.self) } ?? .flow
        let sections = try o.required("sections").array(maxCount: maxElements)
        var budget = ElementBudget(limit: maxElements)
        if type != .flow, o.optional("preferredSizes") != nil {
            // Only the flow layout self-sizes.
            throw FieldError.unknownKey(pointer: o.pointer.appending("preferredSizes"), allowed: topLevelKeys.subtracting(["preferredSizes"]).sorted())
        }
        switch type {
        case .flow:
            var config = try reader.flowConfiguration(collectionView: cv, layout: layout, sections: sections, budget: &budget)
            if let p = o.optional("preferredSizes") {
                try reader.applyPreferredSizes(p, to: &config)
            }
            return .flow(config)
        case .waterfall:
            return .waterfall(try reader.waterfallConfiguration(collectionView: cv, layout: layout, sections: sections, budget: &budget), viewHeight: cv.height)
        case .columnFlow:
            return .columnFlow(try reader.columnFlowConfiguration(collectionView: cv, layout: layout, sections: sections, budget: &budget))
        case .grid:
            return .grid(try reader.gridConfiguration(collectionView: cv, layout: layout, sections: sections, budget: &budget))
        case .mosaic:
            return .mosaic(try reader.mosaicConfiguration(collectionView: cv, layout: layout, sections: sections, budget: &budget))
        }
    }

    static func summary(_ reader: WireReader) -> String {
        guard let first = reader.problems.first else { return "" }
        let more = reader.problemCount - 1
        return more == 0 ? first.detail
            : "\(first.detail) (\(more) more problem\(more == 1 ? "" : "s") in errors\(reader.problemCount > reader.problems.count ? ", the first \(reader.problems.count) listed" : ""))"
    }
}

/// `layout.type`.
enum LayoutType: String, CaseIterable {
    case flow, waterfall, columnFlow, grid, mosaic
}

extension APIError {
    /// Shape errors are 400; values a layout cannot have (and caps) are 422.
    static func from(_ e: FieldError) -> APIError {
        switch e {
        case .invalidValue, .tooMany: .unprocessable([e], detail: e.detail)
        default: .badField(e)
        }
    }
}
