import Foundation
import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// The wire side of custom groups, uniform siblings and resting offsets: what a client may send
/// (400s and 422s naming the field), ids, self-sizing through `/invalidate`, and
/// `GET /layout/{id}/orthogonal-target` (parameters, errors, caching, right to left).
@Suite struct CompositionalNextAPITests {
    let app = LayoutApplication.make()

    static func layout(group: String, section: String = "", counts: String = #"[{"numberOfItems":3}]"#, cv: String = #""width":390,"height":844,"scale":3"#) -> String {
        #"{"collectionView":{\#(cv)},"layout":{"type":"compositional","sections":[{"group":\#(group)\#(section)}]},"sections":\#(counts)}"#
    }

    static let collage = #"{"custom":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":200}},"frames":[{"x":0,"y":0,"width":260,"height":200},{"x":260,"y":0,"width":130,"height":100},{"x":260,"y":100,"width":130,"height":100,"zIndex":2}]}}"#

    @Test(arguments: [
        (#"{"custom":{"layoutSize":{"width":{"absolute":10},"height":{"absolute":10}},"frames":[],"fractionalFrames":[]}}"#, 422, "/layout/sections/0/group/custom/fractionalFrames"),
        (#"{"custom":{"layoutSize":{"width":{"absolute":10},"height":{"absolute":10}}}}"#, 400, "/layout/sections/0/group/custom/frames"),
        (#"{"custom":{"layoutSize":{"width":{"absolute":10},"height":{"absolute":10}},"frames":[{"x":0,"y":0,"width":1}]}}"#, 400, "/layout/sections/0/group/custom/frames/0/height"),
        (#"{"custom":{"layoutSize":{"width":{"absolute":10},"height":{"absolute":10}},"frames":[],"orientation":"horizontal"}}"#, 400, "/layout/sections/0/group/custom/orientation"),
        (#"{"orientation":"horizontal","custom":{"layoutSize":{"width":{"absolute":10},"height":{"absolute":10}},"frames":[]}}"#, 400, "/layout/sections/0/group/orientation"),
        (#"{"custom":{"layoutSize":{"width":{"absolute":10},"height":{"absolute":10}},"frames":[{"x":0,"y":0,"width":-1,"height":1}]}}"#, 422, "/layout/sections/0/group/custom/frames/0/width"),
        (#"{"custom":{"layoutSize":{"width":{"absolute":10},"height":{"absolute":10}},"frames":[{"x":1e10,"y":0,"width":1,"height":1}]}}"#, 422, "/layout/sections/0/group/custom/frames/0/x"),
        (#"{"custom":{"layoutSize":{"width":{"absolute":10},"height":{"absolute":10}},"frames":[{"x":0,"y":0,"width":1,"height":1,"zIndex":3000000000}]}}"#, 422, "/layout/sections/0/group/custom/frames/0/zIndex"),
        (#"{"custom":{"layoutSize":{"width":{"absolute":0},"height":{"absolute":10}},"frames":[]}}"#, 422, "/layout/sections/0/group/custom/layoutSize/width/absolute"),
        (#"{"custom":{"layoutSize":{"width":{"absolute":10},"height":{"absolute":10}},"frames":[]}}"#, 422, "/layout/sections/0/group/custom/frames"),
    ])
    func customGroupInputErrorsNameTheField(group: String, status: Int, pointer: String) {
        let r = app.post(Self.layout(group: group))
        #expect(r.status == status, "\(r.text)")
        #expect(r.pointers == [pointer], "\(r.text)")
    }

    /// Each frame counts toward the 10,000 nodes of a layout tree (a rule stated in words: 422).
    @Test func framesCountAsNodes() {
        let frames = Array(repeating: #"{"x":0,"y":0,"width":1,"height":1}"#, count: 10_000).joined(separator: ",")
        let r = app.post(Self.layout(group: #"{"custom":{"layoutSize":{"width":{"absolute":10},"height":{"absolute":10}},"frames":[\#(frames)]}}"#))
        #expect(r.status == 422)
        #expect(r.pointers == ["/layout/sections/0/group/custom/frames"])
    }

    /// The id ignores spelled-out defaults and key order; fractional frames are another request.
    @Test func idsOfCustomGroups() throws {
        let a = try #require(app.post(Self.layout(group: Self.collage)).id)
        let spelled = Self.collage.replacingOccurrences(of: #""width":260,"height":200}"#, with: #""height":200,"width":260,"zIndex":0}"#)
        #expect(app.post(Self.layout(group: spelled)).id == a)
        let fractional = Self.collage.replacingOccurrences(of: "\"frames\"", with: "\"fractionalFrames\"")
        #expect(app.post(Self.layout(group: fractional)).id != a)
    }

    /// A nested custom group is `{"group": {"custom": …}}` among the subitems.
    @Test func nestedCustomGroupThroughTheWire() throws {
        let group = #"{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":100}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":0.5},"height":{"fractionalHeight":1}}}},{"group":\#(Self.collage.replacingOccurrences(of: #"{"fractionalWidth":1},"height":{"absolute":200}"#, with: #"{"fractionalWidth":0.5},"height":{"fractionalHeight":1}"#))}]}"#
        let r = app.post(Self.layout(group: group, counts: #"[{"numberOfItems":4}]"#))
        #expect(r.status == 200, "\(r.text)")
        let frames = (try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])?["elements"] as? [[String: Any]] ?? []
        #expect(frames.map { $0["frame"] as? [String: Double] ?? [:] }.map { $0["x"] ?? -1 } == [0, 195, 455, 455])
        #expect(frames.map { $0["zIndex"] as? Int ?? -1 } == [0, 0, 0, 2])
    }

    /// The picture stacks custom items by their zIndex: the item above its neighbours is drawn
    /// after the cells of every other item, with its zIndex noted.
    @Test func svgDrawsCustomItemsInZIndexOrder() throws {
        let id = try #require(app.post(Self.layout(group: Self.collage, counts: #"[{"numberOfItems":6}]"#)).id)
        let svg = app.get("/layout/\(id).svg").text
        let order = svg.components(separatedBy: "data-index-path=\"").dropFirst().map { String($0.prefix(while: { $0 != "\"" })) }
        #expect(order == ["0,0", "0,1", "0,3", "0,4", "0,2", "0,5"])
        #expect(svg.contains(#"data-index-path="0,2" data-z-index="2""#))
    }

    /// Measured sizes through `POST /layout/{id}/invalidate` grow uniform siblings to the tallest.
    @Test func uniformSiblingsSelfSizeThroughInvalidate() throws {
        let group = #"{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":1},"height":{"estimated":100}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":0.5},"height":{"uniformAcrossSiblings":100}}}}]}"#
        let first = app.post(Self.layout(group: group, counts: #"[{"numberOfItems":2}]"#))
        let id = try #require(first.id)
        let r = app.post(#"{"preferredSizes":[{"indexPath":[0,0],"width":195,"height":60},{"indexPath":[0,1],"width":195,"height":140}]}"#,
                         target: "/layout/\(id)/invalidate")
        #expect(r.status == 200, "\(r.text)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])
        #expect(answer["contentSize"] as? [String: Double] == ["width": 390, "height": 140])
        #expect(answer["invalidatedItemIndexPaths"] as? [[Int]] == [[0, 0], [0, 1]])
        let newID = try #require(answer["id"] as? String)
        let cells = (try JSONSerialization.jsonObject(with: Data(app.get("/layout/\(newID)").body)) as? [String: Any])?["elements"] as? [[String: Any]] ?? []
        #expect(cells.map { ($0["frame"] as? [String: Double])?["height"] ?? 0 } == [140, 140])
    }

    // MARK: - GET /layout/{id}/orthogonal-target

    static let carousel = layout(group: #"{"orientation":"horizontal","layoutSize":{"width":{"absolute":200},"height":{"absolute":150}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}}]}"#,
                                 section: #","interGroupSpacing":10,"orthogonalScrollingBehavior":"groupPaging","contentInsets":{"leading":16,"trailing":16}"#,
                                 counts: #"[{"numberOfItems":10},{"numberOfItems":2}]"#)

    @Test(arguments: [
        ("section=0&offset=500&velocity=900", 200, "", #""targetOffset":420,"rule":"nearestPage""#),
        ("section=0&offset=500&velocity=900&current=300", 200, "", #""targetOffset":420,"rule":"pageFromLiftOffset""#),
        ("section=0&offset=500&velocity=-900&current=300", 200, "", #""targetOffset":210,"rule":"pageFromLiftOffset""#),
        ("section=1&offset=-1e2&velocity=0", 200, "", #""targetOffset":0,"rule":"nearestPage""#),
        ("offset=1&velocity=1", 400, "/query/section", ""),
        ("section=0&velocity=1", 400, "/query/offset", ""),
        ("section=0&offset=1", 400, "/query/velocity", ""),
        ("section=01&offset=1&velocity=1", 400, "/query/section", ""),
        ("section=0&offset=1e100&velocity=1", 400, "/query/offset", ""),
        ("section=0&offset=1&velocity=nan", 400, "/query/velocity", ""),
        ("section=0&offset=1&velocity=1&current=1,2", 400, "/query/current", ""),
        ("section=0&offset=1&velocity=1&centeringInset=-0", 400, "/query/centeringInset", ""),
        ("section=2&offset=1&velocity=1", 422, "/query/section", ""),
    ])
    func orthogonalTargetParameters(query: String, status: Int, pointer: String, body: String) throws {
        let id = try #require(app.post(Self.carousel).id)
        let r = app.get("/layout/\(id)/orthogonal-target?\(query)")
        #expect(r.status == status, "\(r.text)")
        if !pointer.isEmpty { #expect(r.pointers == [pointer], "\(r.text)") }
        if !body.isEmpty { #expect(r.text.contains(body), "\(r.text)") }
    }

    /// The whole answer, byte for byte.
    @Test func orthogonalTargetAnswer() throws {
        let id = try #require(app.post(Self.carousel).id)
        let r = app.get("/layout/\(id)/orthogonal-target?section=0&offset=350&velocity=500&current=300&centeringInset=5")
        #expect(r.text == #"{"id":"\#(id)","section":0,"targetOffset":420,"rule":"pageFromLiftOffset","geometry":{"behavior":"groupPaging","groupExtent":200,"interGroupSpacing":10,"step":210,"viewport":390,"contentLength":2122,"centeringInset":0,"minOffset":0,"maxOffset":1732,"pageStride":210,"pagingOrigin":0}}"#)
        #expect(r.header("Cache-Control") == "public, max-age=31536000, immutable")
        let etag = try #require(r.header("ETag"))
        #expect(app.get("/layout/\(id)/orthogonal-target?section=0&offset=350&velocity=500&current=300&centeringInset=5", headers: [("If-None-Match", etag)]).status == 304)
        #expect(app.execution(for: Request(method: "GET", target: "/layout/\(id)/orthogonal-target?section=0&offset=350&velocity=500")) == .inline)
    }

    /// A section that does not scroll orthogonally, in a compositional layout or another type,
    /// is a 422 naming `section`; an unknown layout a 404.
    @Test func sectionsThatDoNotScrollOrthogonally() throws {
        let plain = try #require(app.post(Self.layout(group: Self.collage)).id)
        let r = app.get("/layout/\(plain)/orthogonal-target?section=0&offset=0&velocity=0")
        #expect(r.status == 422)
        #expect(r.pointers == ["/query/section"])
        #expect(r.detail == "The query parameter section is 0, which does not scroll orthogonally (its orthogonalScrollingBehavior is none, or the layout is not compositional); give a section whose orthogonalScrollingBehavior is not none (the layout's orthogonalSections lists them).")
        let flow = try #require(app.post(#"{"collectionView":{"width":320,"height":480},"sections":[{"numberOfItems":3}]}"#).id)
        #expect(app.get("/layout/\(flow)/orthogonal-target?section=0&offset=0&velocity=0").status == 422)
        #expect(app.get("/layout/0123456789abcdef0123456789abcdef/orthogonal-target?section=0&offset=0&velocity=0").status == 404)
    }

    /// Right to left the offsets run from the leading (right) edge: the same answer.
    @Test func rightToLeftGivesTheSameOffsets() throws {
        let ltr = try #require(app.post(Self.carousel).id)
        let rtl = try #require(app.post(Self.carousel.replacingOccurrences(of: #""scale":3"#, with: #""scale":3,"layoutDirection":"rightToLeft""#)).id)
        #expect(ltr != rtl)
        let q = "orthogonal-target?section=0&offset=640&velocity=-400&current=700"
        let a = app.get("/layout/\(ltr)/\(q)").text, b = app.get("/layout/\(rtl)/\(q)").text
        #expect(a.replacingOccurrences(of: ltr, with: "") == b.replacingOccurrences(of: rtl, with: ""))
        #expect(a.contains(#""targetOffset":630"#))
    }
}
