import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LayoutdClient
import Testing

/// Every documented answer, as the server sends it, decoded into the generated type and encoded
/// again: the same JSON comes back (but for `null` members, which generated encoders omit), so no
/// field the server sends is dropped or changed by the types generated from openapi.yaml.
@Suite struct RoundTripTests {
    let base: URL

    init() throws {
        base = try #require(ProcessInfo.processInfo.environment["LAYOUTD_URL"].flatMap(URL.init(string:)),
                            "set LAYOUTD_URL to a running layoutd (scripts/ci-client does)")
    }

    func fetch(_ path: String, body: String? = nil, headers: [String: String] = [:]) async throws -> (Int, Data) {
        var request = URLRequest(url: try #require(URL(string: path, relativeTo: base)))
        if let body {
            request.httpMethod = "POST"
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    /// JSON values with numbers as doubles and `null` members dropped.
    static func normalized(_ value: Any) -> AnyHashable {
        switch value {
        case let object as [String: Any]:
            return object.filter { !($0.value is NSNull) }.mapValues(normalized) as [String: AnyHashable]
        case let array as [Any]:
            return array.map(normalized) as [AnyHashable]
        case let number as NSNumber where !(value is Bool):
            return number.doubleValue
        case let string as String:
            return string
        case let bool as Bool:
            return bool
        default:
            return "\(value)"
        }
    }

    func expectRoundTrip<T: Codable>(_ type: T.Type, _ path: String, body: String? = nil, headers: [String: String] = [:],
                                     status: Int = 200, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (code, data) = try await fetch(path, body: body, headers: headers)
        #expect(code == status, "\(path)", sourceLocation: sourceLocation)
        let decoded = try JSONDecoder().decode(T.self, from: data)
        let again = try JSONEncoder().encode(decoded)
        let original = Self.normalized(try JSONSerialization.jsonObject(with: data))
        let reencoded = Self.normalized(try JSONSerialization.jsonObject(with: again))
        #expect(original == reencoded, "\(path): \(String(decoding: data, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    static let grid = #"{"collectionView":{"width":320,"height":480},"layout":{"itemSize":{"width":100,"height":100},"headerReferenceSize":{"width":0,"height":30},"sectionHeadersPinToVisibleBounds":true},"sections":[{"numberOfItems":5},{"itemSizes":[{"width":320,"height":40}]}]}"#
    static let selfSizing = #"{"collectionView":{"width":375,"height":667},"layout":{"estimatedItemSize":"automatic"},"sections":[{"numberOfItems":3}]}"#

    @Test func layoutAnswers() async throws {
        try await expectRoundTrip(Components.Schemas.Health.self, "/healthz")
        try await expectRoundTrip(Components.Schemas.LayoutResponse.self, "/layout", body: Self.grid)
        try await expectRoundTrip(Components.Schemas.LayoutSummary.self, "/layout", body: Self.grid, headers: ["Prefer": "return=minimal"])
        try await expectRoundTrip(Components.Schemas.LayoutResponse.self, "/layout", body: Self.selfSizing)
        let (_, data) = try await fetch("/layout", body: Self.grid)
        let id = try JSONDecoder().decode(Components.Schemas.LayoutResponse.self, from: data).id
        try await expectRoundTrip(Components.Schemas.LayoutResponse.self, "/layout/\(id)")
        try await expectRoundTrip(Components.Schemas.ElementsResponse.self, "/layout/\(id)/elements?rect=0,200,320,100")
        try await expectRoundTrip(Components.Schemas.ElementsResponse.self, "/layout/\(id)/elements?point=150,150")
        try await expectRoundTrip(Components.Schemas.ElementResponse.self, "/layout/\(id)/elements?indexPath=0,0&kind=header&rect=0,100,320,100")
        try await expectRoundTrip(Components.Schemas.InvalidationResponse.self, "/layout/\(id)/invalidate", body: #"{"bounds":{"y":150,"width":480,"height":320}}"#)
        try await expectRoundTrip(Components.Schemas.InvalidationResponse.self, "/layout/\(id)/invalidate", body: #"{"bounds":{"y":150,"width":320,"height":480}}"#)
        try await expectRoundTrip(Components.Schemas.InvalidationResponse.self, "/layout/\(id)/invalidate", body: #"{"bounds":{"width":480,"height":320}}"#,
                                  headers: ["Prefer": "return=minimal"])
        let (_, estimating) = try await fetch("/layout", body: Self.selfSizing)
        let estimatingID = try JSONDecoder().decode(Components.Schemas.LayoutResponse.self, from: estimating).id
        try await expectRoundTrip(Components.Schemas.InvalidationResponse.self, "/layout/\(estimatingID)/invalidate",
                                  body: #"{"preferredSizes":[{"indexPath":[0,1],"width":375,"height":90}],"visibleRect":{"y":40,"width":375,"height":667}}"#)
    }

    @Test func batchAnswers() async throws {
        try await expectRoundTrip(Components.Schemas.BatchVerdict.self, "/batch/validate", body: #"{"before":[5],"after":[6]}"#)
        try await expectRoundTrip(Components.Schemas.BatchVerdict.self, "/batch/validate",
                                  body: #"{"before":[3,2],"updates":{"deleteSections":[1],"insertSections":[0],"moveItems":[[[0,0],[1,2]]],"reloadItems":[[0,1]]},"repair":"split"}"#)
        try await expectRoundTrip(Components.Schemas.BatchVerdict.self, "/batch/validate",
                                  body: #"{"before":[3],"updates":{"reloadItems":[[0,0]],"moveItems":[[[0,0],[0,2]]]},"repair":"merge","strict":true,"flavor":"tableView"}"#)
        try await expectRoundTrip(Components.Schemas.BatchDiffResponse.self, "/batch/diff", body: #"{"old":[["a","b","c"],["x"]],"new":[["c","a","d"],[],["y"]]}"#)
    }

    @Test func snapshotAnswers() async throws {
        try await expectRoundTrip(Components.Schemas.SnapshotApplyResponse.self, "/snapshot/apply",
                                  body: #"{"old":{"sections":[{"id":"A","items":["a","b"]},{"id":"B","items":["c"]}]},"operations":[{"op":"appendItems","items":["d"],"toSection":"B"},{"op":"moveItem","item":"a","after":"c"},{"op":"reconfigureItems","items":["b"]}]}"#)
        try await expectRoundTrip(Components.Schemas.SnapshotApplyResponse.self, "/snapshot/apply",
                                  body: #"{"old":{"sections":[{"id":1,"items":[1,"1"]}]},"new":{"sections":[{"id":2,"items":["1",1]}],"reloadedItems":[1]}}"#)
        try await expectRoundTrip(Components.Schemas.SnapshotApplyResponse.self, "/snapshot/apply",
                                  body: #"{"operations":[{"op":"appendItems","items":["a"]},{"op":"moveItem","item":"x","before":"x"}]}"#)
        try await expectRoundTrip(Components.Schemas.SectionSnapshotResponse.self, "/snapshot/section",
                                  body: #"{"snapshot":{"items":[{"id":"F","expanded":true,"children":[{"id":"a"}]}]},"operations":[{"op":"append","items":["b"],"to":"F"},{"op":"level","item":"b"},{"op":"parent","item":"F"},{"op":"isVisible","item":"a"},{"op":"snapshot","item":"F"}]}"#)
        try await expectRoundTrip(Components.Schemas.SectionSnapshotResponse.self, "/snapshot/section", body: #"{"operations":[{"op":"level","item":"zz"}]}"#)
    }

    @Test func problemAnswers() async throws {
        try await expectRoundTrip(Components.Schemas.Problem.self, "/snapshot/apply", body: #"{"old":{"sections":[{"id":"A","items":["a"]},{"id":"B","items":["a"]}]},"operations":[]}"#, status: 422)
        try await expectRoundTrip(Components.Schemas.Problem.self, "/layout", body: #"{"collectionView":{"width":375,"height":-1},"sections":[]}"#, status: 422)
        try await expectRoundTrip(Components.Schemas.Problem.self, "/layout", body: #"{"collectionView":"#, status: 400)
        try await expectRoundTrip(Components.Schemas.Problem.self, "/layout/0123456789abcdef0123456789abcdef", status: 404)
        try await expectRoundTrip(Components.Schemas.Problem.self, "/nowhere", status: 404)
        try await expectRoundTrip(Components.Schemas.Problem.self, "/batch/diff", body: #"{"old":[["a","a"]],"new":[]}"#, status: 422)
    }

    // Compositional requests (as in the server's CompositionalAPITests): kinds by name, pinned
    // boundary items, an orthogonal section with a decoration view.
    static let cv = #""collectionView":{"width":390,"height":844,"scale":3}"#
    static let row = #"{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":44}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}}]}"#
    static let pinned = #"{\#(cv),"layout":{"type":"compositional","sections":[{"group":\#(row),"interGroupSpacing":5,"contentInsets":{"top":0,"leading":10,"bottom":0,"trailing":10},"boundarySupplementaryItems":[{"elementKind":"section-header-element-kind","alignment":"top","layoutSize":{"width":{"fractionalWidth":1},"height":{"estimated":44}},"pinToVisibleBounds":true,"zIndex":2},{"elementKind":"section-footer-element-kind","alignment":"bottom","layoutSize":{"width":{"fractionalWidth":1},"height":{"estimated":44}}}]}]},"sections":[{"numberOfItems":3}]}"#
    static let orthogonal = #"{\#(cv),"layout":{"type":"compositional","sections":[{"group":\#(row)},{"group":{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":0.85},"height":{"fractionalHeight":0.4}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":0.7},"height":{"fractionalHeight":1}},"contentInsets":{"top":10,"leading":10,"bottom":10,"trailing":10}}},{"group":{"orientation":"vertical","layoutSize":{"width":{"fractionalWidth":0.3},"height":{"fractionalHeight":1}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":0.3}},"contentInsets":{"top":10,"leading":10,"bottom":10,"trailing":10}}}],"count":2}}]},"orthogonalScrollingBehavior":"continuous","decorationItems":[{"elementKind":"background"}]}]},"sections":[{"numberOfItems":1},{"numberOfItems":6}]}"#

    @Test func compositionalAnswers() async throws {
        for body in [Self.pinned, Self.orthogonal] {
            try await expectRoundTrip(Components.Schemas.LayoutResponse.self, "/layout", body: body)
            try await expectRoundTrip(Components.Schemas.LayoutSummary.self, "/layout", body: body, headers: ["Prefer": "return=minimal"])
            let (_, data) = try await fetch("/layout", body: body)
            let id = try JSONDecoder().decode(Components.Schemas.LayoutResponse.self, from: data).id
            try await expectRoundTrip(Components.Schemas.ElementsResponse.self, "/layout/\(id)/elements?rect=0,60,390,300")
            try await expectRoundTrip(Components.Schemas.InvalidationResponse.self, "/layout/\(id)/invalidate", body: #"{"bounds":{"y":40,"width":844,"height":390}}"#)
        }
        let (_, data) = try await fetch("/layout", body: Self.orthogonal)
        let id = try JSONDecoder().decode(Components.Schemas.LayoutResponse.self, from: data).id
        try await expectRoundTrip(Components.Schemas.ElementsResponse.self, "/layout/\(id)/elements?rect=0,44,390,400&orthogonalOffsets=1:300")
        try await expectRoundTrip(Components.Schemas.ElementResponse.self, "/layout/\(id)/elements?indexPath=1,0&kind=background")
        try await expectRoundTrip(Components.Schemas.OrthogonalTargetResponse.self, "/layout/\(id)/orthogonal-target?section=1&offset=120&velocity=-400")
        let paging = Self.orthogonal.replacingOccurrences(of: #""continuous""#, with: #""groupPagingCentered""#)
        let (_, pagingData) = try await fetch("/layout", body: paging)
        let pagingID = try JSONDecoder().decode(Components.Schemas.LayoutResponse.self, from: pagingData).id
        try await expectRoundTrip(Components.Schemas.OrthogonalTargetResponse.self, "/layout/\(pagingID)/orthogonal-target?section=1&offset=120&velocity=-400&current=200")
        try await expectRoundTrip(Components.Schemas.Problem.self, "/layout/\(pagingID)/orthogonal-target?section=0&offset=0&velocity=0", status: 422)
        try await expectRoundTrip(Components.Schemas.LayoutResponse.self, "/layout", body: Self.collage)
    }

    static let collage = #"{\#(cv),"layout":{"type":"compositional","sections":[{"group":{"custom":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"estimated":100}},"fractionalFrames":[{"x":0,"y":0,"width":0.5,"height":1},{"x":0.5,"y":0,"width":0.5,"height":0.5,"zIndex":2}]}},"interGroupSpacing":4}]},"sections":[{"numberOfItems":5}]}"#
}
