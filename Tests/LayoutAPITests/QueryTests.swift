import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

@Suite struct QueryTests {
    let app = LayoutApplication.make()
    /// flow-layout.md §14 example 1: W 320, 100x100, 5 items -> [0,0] [110,0] [220,0] [0,110] [110,110].
    static let grid = #"{"collectionView":{"width":320,"height":480},"layout":{"itemSize":{"width":100,"height":100}},"sections":[{"numberOfItems":5}]}"#

    func cached(_ body: String = grid) throws -> String {
        try #require(app.post(body).id)
    }

    func indexPaths(_ r: Response) -> [[Int]] {
        guard case .object(let o)? = r.json, case .array(let els)? = o["elements"] else { return [] }
        return els.compactMap { e -> [Int]? in
            guard case .object(let eo) = e, case .array(let ip)? = eo["indexPath"] else { return nil }
            return ip.compactMap { if case .number(let n) = $0 { Int(n) } else { nil } }
        }
    }

    @Test func getLayoutReturnsThePostedBodyWithAStrongETag() throws {
        let post = app.post(Self.grid)
        let id = try #require(post.id)
        let r = app.get("/layout/\(id)")
        #expect(r.status == 200)
        #expect(r.body == post.body)
        #expect(r.header("ETag") == "\"\(id)\"")
    }

    @Test func ifNoneMatchGives304() throws {
        let id = try cached()
        #expect(app.get("/layout/\(id)", headers: [("If-None-Match", "\"\(id)\"")]).status == 304)
        #expect(app.get("/layout/\(id)", headers: [("If-None-Match", "\"other\", \"\(id)\"")]).status == 304)
        #expect(app.get("/layout/\(id)", headers: [("If-None-Match", "\"other\"")]).status == 200)
    }

    @Test func unknownIDIs404SayingToPostAgain() {
        let r = app.get("/layout/0123456789abcdef0123456789abcdef")
        #expect(r.status == 404)
        #expect(r.detail == "No layout with id 0123456789abcdef0123456789abcdef is cached here: it was never computed on this server or it was evicted. POST the layout to /layout again and use the id it returns.")
        #expect(app.get("/layout/0123456789abcdef0123456789abcdef/elements?rect=0,0,1,1").status == 404)
    }

    @Test func rectQueryReturnsIntersectingElementsInLayoutOrder() throws {
        let id = try cached()
        #expect(indexPaths(app.get("/layout/\(id)/elements?rect=105,50,10,100")) == [[0, 1], [0, 4]])
        #expect(indexPaths(app.get("/layout/\(id)/elements?rect=0,0,320,480")) == [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]])
    }

    @Test func rectsThatOnlyTouchDoNotIntersect() throws {
        let id = try cached()
        // x 100...110 is the gap between columns; y = 100 is the bottom edge of the first row.
        #expect(indexPaths(app.get("/layout/\(id)/elements?rect=100,0,10,300")) == [])
        #expect(indexPaths(app.get("/layout/\(id)/elements?rect=0,100,320,10")) == [])
    }

    @Test func pointQueryHitTests() throws {
        let id = try cached()
        #expect(indexPaths(app.get("/layout/\(id)/elements?point=150,150")) == [[0, 4]])
        #expect(indexPaths(app.get("/layout/\(id)/elements?point=105,150")) == [])
    }

    @Test func indexPathQueryReturnsOneElement() throws {
        let id = try cached()
        let r = app.get("/layout/\(id)/elements?indexPath=0,3")
        #expect(r.text == #"{"id":"\#(id)","element":{"category":"cell","indexPath":[0,3],"frame":{"x":0,"y":110,"width":100,"height":100},"zIndex":0}}"#)
        #expect(app.get("/layout/\(id)/elements?indexPath=0,5").status == 404)
        #expect(app.get("/layout/\(id)/elements?indexPath=0,0&kind=header").status == 404)
        #expect(app.get("/layout/\(id)/elements?indexPath=1,0").status == 404)
    }

    @Test(arguments: [
        ("rect=0,0,10", "rect"), ("rect=0,0,10,nan", "rect"), ("rect=a,b,c,d", "rect"), ("rect=0,0,-1,5", "rect"),
        ("point=1", "point"), ("point=1,inf", "point"), ("indexPath=0,1.5", "indexPath"), ("indexPath=0,-1", "indexPath"),
        ("indexPath=0,0&kind=", "kind"),
    ])
    func malformedQueriesAre400NamingTheParameter(query: String, parameter: String) throws {
        let id = try cached()
        let r = app.get("/layout/\(id)/elements?\(query)")
        #expect(r.status == 400)
        #expect(r.pointers == ["/query/\(parameter)"])
    }

    @Test func aKindTheLayoutDoesNotHaveIs422() throws {
        let id = try cached()
        let r = app.get("/layout/\(id)/elements?indexPath=0,0&kind=badge")
        #expect(r.status == 422)
        #expect(r.pointers == ["/query/kind"])
        #expect(r.detail == "The query parameter kind is \"badge\"; it must be cell, header or footer.")
    }

    @Test func withoutAFilterEveryElementComesBack() throws {
        let id = try cached()
        #expect(indexPaths(app.get("/layout/\(id)/elements")) == [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]])
    }

    @Test func indexPathWinsOverPointWhichWinsOverRect() throws {
        let id = try cached()
        #expect(indexPaths(app.get("/layout/\(id)/elements?rect=0,0,320,480&point=150,150&indexPath=0,1")) == [])
        #expect(app.get("/layout/\(id)/elements?rect=0,0,320,480&point=150,150&indexPath=0,1").text.contains("\"element\":{\"category\":\"cell\",\"indexPath\":[0,1]"))
        #expect(indexPaths(app.get("/layout/\(id)/elements?rect=0,0,320,480&point=150,150")) == [[0, 4]])
    }

    @Test func pinnedHeaderComesBackWhereUIKitDrawsIt() throws {
        // Two sections of 4 items (2 per line, 100 tall), header 40, no insets: section 0 spans
        // 0...250 (header 40 + 2 lines 100 + spacing 10), section 1 spans 250...500.
        let id = try cached(#"{"collectionView":{"width":320,"height":480},"layout":{"itemSize":{"width":150,"height":100},"headerReferenceSize":{"width":0,"height":40},"sectionHeadersPinToVisibleBounds":true},"sections":[{"numberOfItems":4},{"numberOfItems":4}]}"#)
        let r = app.get("/layout/\(id)/elements?rect=0,100,320,100")
        guard case .object(let o)? = r.json, case .array(let els)? = o["elements"], case .object(let header)? = els.first else {
            Issue.record("no elements in \(r.text)")
            return
        }
        guard case .object(let frame)? = header["frame"] else { return }
        #expect(header["kind"] == .string("header"))
        #expect(frame["y"] == .number(100))
        #expect(header["zIndex"] == .number(10))
    }
}
