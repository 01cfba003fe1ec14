import Foundation
import OpenAPIRuntime
import OpenAPIURLSession

/// A typed client for layoutd. The operations and every type (`Components.Schemas.*`) are
/// generated at build time from the repository's openapi.yaml; this facade gives the common
/// calls plain async methods and turns every error answer into a `LayoutdError` carrying the
/// server's RFC 9457 problem. `generated` is the full generated client for anything else.
public struct LayoutdClient: Sendable {
    public typealias LayoutRequest = Components.Schemas.LayoutRequest
    public typealias Layout = Components.Schemas.LayoutResponse
    public typealias Element = Components.Schemas.Element
    public typealias Rect = Components.Schemas.Rect

    /// The generated client (one method per `operationId` of openapi.yaml).
    public let generated: Client

    /// - Parameters:
    ///   - serverURL: e.g. `http://localhost:8080`.
    ///   - transport: URLSession by default; any `ClientTransport` works.
    ///   - middlewares: run after this package's own (header repair, problem decoding).
    public init(serverURL: URL, transport: any ClientTransport = URLSessionTransport(),
                middlewares: [any ClientMiddleware] = []) {
        generated = Client(serverURL: serverURL, transport: transport,
                           middlewares: [HeaderValueMiddleware(), ProblemMiddleware()] + middlewares)
    }

    /// `POST /layout`: every element's frame. `strict` makes layout warnings a 422.
    public func layout(_ request: LayoutRequest, strict: Bool = false) async throws -> Layout {
        let output = try await call {
            try await generated.postLayout(query: .init(strict: strict ? true : nil), headers: .init(prefer: .returnRepresentation), body: .json(request))
        }
        switch try output.ok.body.json {
        case .LayoutResponse(let layout): return layout
        case .LayoutSummary: throw LayoutdError.unexpected("a LayoutSummary without Prefer: return=minimal")
        }
    }

    /// `POST /layout` with `Prefer: return=minimal`: id, content size and counts only.
    public func summary(_ request: LayoutRequest, strict: Bool = false) async throws -> Components.Schemas.LayoutSummary {
        let output = try await call {
            try await generated.postLayout(query: .init(strict: strict ? true : nil), headers: .init(prefer: .returnMinimal), body: .json(request))
        }
        switch try output.ok.body.json {
        case .LayoutSummary(let summary): return summary
        case .LayoutResponse: throw LayoutdError.unexpected("the full layout although return=minimal was asked for")
        }
    }

    /// `GET /devices`: the device profiles `collectionView.device` accepts, with the numbers each
    /// orientation fills in.
    public func devices() async throws -> Components.Schemas.DeviceList {
        try await call { try await generated.getDevices() }.ok.body.json
    }

    /// `GET /layout/{id}`: a cached layout again (a `LayoutdError` with status 404 when evicted).
    public func layout(id: String) async throws -> Layout {
        try await call { try await generated.getLayout(path: .init(id: id)) }.ok.body.json
    }

    /// `GET /layout/{id}/elements?rect=`: `layoutAttributesForElements(in:)`; pinned headers and
    /// footers come back where UIKit draws them for `rect`.
    public func elements(in rect: Rect, of id: String) async throws -> [Element] {
        let query = try QueryValue.list([rect.x, rect.y, rect.width, rect.height])
        return try await elements(id, .init(rect: query))
    }

    /// `GET /layout/{id}/elements?point=`: the elements containing a point (hit testing).
    public func elements(at point: Components.Schemas.Point, of id: String) async throws -> [Element] {
        try await elements(id, .init(point: try QueryValue.list([point.x, point.y])))
    }

    /// `GET /layout/{id}/elements?indexPath=`: `layoutAttributesForItem(at:)` (kind `cell`), or
    /// the supplementary or decoration view of an element kind (`header`, `footer`, a
    /// compositional kind; `[n]` for a layout-level one); nil when the layout has no such element.
    public func element(at indexPath: [Int], kind: String = "cell",
                        visibleRect: Rect? = nil, of id: String) async throws -> Element? {
        guard (1...2).contains(indexPath.count), indexPath.allSatisfy({ $0 >= 0 }) else {
            throw LayoutdError.invalidArgument("an index path is [section, item] (or [index] for a layout-level element), all ≥ 0; got \(indexPath)")
        }
        let rect = try visibleRect.map { try QueryValue.list([$0.x, $0.y, $0.width, $0.height]) }
        do {
            let output = try await call {
                try await generated.queryElements(path: .init(id: id), query: .init(rect: rect, indexPath: indexPath.map(String.init).joined(separator: ","), kind: kind))
            }
            switch try output.ok.body.json {
            case .ElementResponse(let answer): return answer.element
            case .ElementsResponse: throw LayoutdError.unexpected("a list for an index-path query")
            }
        } catch let error as LayoutdError where error.problem?._type == "https://layoutd.dev/problems/no-such-element" {
            return nil
        }
    }

    /// `POST /layout/{id}/invalidate` for measured cell sizes (self-sizing flow, compositional and
    /// list layouts), for lists measured header and footer heights, and for tables measured row,
    /// header and footer heights (`tableHeights`).
    public func invalidate(_ id: String, preferredSizes: [Components.Schemas.PreferredSize],
                           supplementarySizes: [Components.Schemas.PreferredSupplementarySize] = [],
                           tableHeights: [Components.Schemas.TablePreferredSize] = [],
                           visibleRect: Components.Schemas.BoundsRect? = nil) async throws -> Components.Schemas.InvalidationResponse {
        let entries = preferredSizes.map { Components.Schemas.PreferredSizesInvalidation.PreferredSizesPayloadPayload.PreferredSize($0) }
            + supplementarySizes.map { .PreferredSupplementarySize($0) }
            + tableHeights.map { .TablePreferredSize($0) }
        return try await invalidate(id, .PreferredSizesInvalidation(.init(preferredSizes: entries, visibleRect: visibleRect)))
    }

    /// `POST /layout/{id}/invalidate` for new bounds (rotation, resize, scroll).
    public func invalidate(_ id: String, bounds: Components.Schemas.BoundsRect,
                           previousBounds: Components.Schemas.BoundsRect? = nil) async throws -> Components.Schemas.InvalidationResponse {
        try await invalidate(id, .BoundsInvalidation(.init(bounds: bounds, previousBounds: previousBounds)))
    }

    /// `GET /layout/{id}/orthogonal-target`: where the orthogonally scrolling `section` comes to
    /// rest after a swipe, with the geometry that decided it. `offset` is what UIScrollView
    /// proposes (`targetContentOffset` along the section's axis), `velocity` in points per second,
    /// `current` the offset when the finger lifted (it picks the page of the paging behaviours).
    public func orthogonalTarget(section: Int, offset: Double, velocity: Double, current: Double? = nil,
                                 centeringInset: Double? = nil, of id: String) async throws -> Components.Schemas.OrthogonalTargetResponse {
        guard section >= 0, centeringInset.map({ $0 >= 0 }) ?? true else {
            throw LayoutdError.invalidArgument("a section is ≥ 0 and a centring inset ≥ 0; got section \(section), centeringInset \(centeringInset.map(String.init(describing:)) ?? "nil")")
        }
        let query = Operations.OrthogonalTarget.Input.Query(
            section: String(section), offset: try QueryValue.number(offset), velocity: try QueryValue.number(velocity),
            current: try current.map(QueryValue.number), centeringInset: try centeringInset.map(QueryValue.number))
        return try await call { try await generated.orthogonalTarget(path: .init(id: id), query: query) }.ok.body.json
    }

    /// `POST /batch/validate`: UIKit's verdict on a batch update.
    public func validate(_ request: Components.Schemas.BatchValidateRequest) async throws -> Components.Schemas.BatchVerdict {
        try await call { try await generated.validateBatch(body: .json(request)) }.ok.body.json
    }

    /// `POST /batch/diff`: the batch turning `old` identifiers into `new` ones, and its verdict.
    public func diff(old: [[String]], new: [[String]]) async throws -> Components.Schemas.BatchDiffResponse {
        try await call { try await generated.diffBatch(body: .json(.init(old: old, new: new))) }.ok.body.json
    }

    /// `POST /snapshot/apply`: what UIKit does with a diffable data source snapshot (its throw, or
    /// the snapshot and the batches `apply` performs, validated).
    public func applySnapshot(_ request: Components.Schemas.SnapshotApplyRequest) async throws -> Components.Schemas.SnapshotApplyResponse {
        try await call { try await generated.applySnapshot(body: .json(request)) }.ok.body.json
    }

    /// `POST /snapshot/section`: a section snapshot (outline) edited and queried.
    public func editSectionSnapshot(_ request: Components.Schemas.SectionSnapshotRequest) async throws -> Components.Schemas.SectionSnapshotResponse {
        try await call { try await generated.editSectionSnapshot(body: .json(request)) }.ok.body.json
    }

    /// `POST /crash/explain`: the UIKit exception reasons in a crash report or console log as
    /// pasted, each explained (arithmetic, causes with fixes, the iOS releases that print it, Apple
    /// docs) and rebuilt as the layoutd request that answers UIKit's same message. The server
    /// keeps none of the text.
    public func explain(crashReport: String, iosVersion: String? = nil,
                        flavor: Components.Schemas.CrashExplainRequest.FlavorPayload? = nil) async throws -> Components.Schemas.CrashExplanation {
        try await call {
            try await generated.explainCrash(body: .json(.init(text: crashReport, iosVersion: iosVersion, flavor: flavor)))
        }.ok.body.json
    }

    private func elements(_ id: String, _ query: Operations.QueryElements.Input.Query) async throws -> [Element] {
        let output = try await call { try await generated.queryElements(path: .init(id: id), query: query) }
        switch try output.ok.body.json {
        case .ElementsResponse(let answer): return answer.elements
        case .ElementResponse(let answer): return [answer.element]
        }
    }

    private func invalidate(_ id: String, _ body: Components.Schemas.InvalidationRequest) async throws -> Components.Schemas.InvalidationResponse {
        try await call {
            try await generated.invalidateLayout(path: .init(id: id), headers: .init(prefer: .returnRepresentation), body: .json(body))
        }.ok.body.json
    }

    /// Runs a generated call, unwrapping the runtime's `ClientError` around a `LayoutdError`.
    private func call<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ClientError {
            if let problem = error.underlyingError as? LayoutdError { throw problem }
            throw error
        }
    }
}

/// Query values in the grammar of openapi.yaml's patterns: `375`, `-0.5`, `1e-7`.
enum QueryValue {
    /// openapi.yaml's number pattern (the `rect` and `point` parameters).
    static let grammar = #"-?(0|[1-9][0-9]{0,14})(\.[0-9]+)?([eE][-+]?[0-9]{1,2})?"#

    static func list(_ values: [Double]) throws -> String {
        try values.map(number).joined(separator: ",")
    }

    static func number(_ v: Double) throws -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        let text = String(v).replacingOccurrences(of: "e+", with: "e")   // "0.5", "1e-07", "1.5e20"
        guard (try? Regex(grammar).wholeMatch(in: text)) != nil else {
            throw LayoutdError.invalidArgument("\(v) cannot be sent in a query: layoutd takes finite numbers with at most 15 integer digits and a 2-digit exponent")
        }
        return text
    }
}
