import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

@Suite struct SVGRouteTests {
    let app = LayoutApplication.make()

    func cached() throws -> String {
        try #require(app.post(SVGTests.waterfall).id)
    }

    @Test(arguments: [
        ("image/svg+xml", true),
        ("application/json", false),
        ("*/*", false),
        ("image/*", true),
        ("image/svg+xml, application/json", false),
        ("image/svg+xml;q=0.5, application/json;q=0.9", false),
        ("application/json;q=0.1, image/svg+xml", true),
        ("text/html", false),
        ("IMAGE/SVG+XML", true),
        ("image/svg+xml;q=0", false),
        ("image/svg+xml;q=2", false),
        ("application/*;q=0.2, image/svg+xml;q=0.3", true),
        ("image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8", true),
        ("text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8", false),
    ])
    func acceptNegotiatesWithQValuesAndJSONIsTheDefault(accept: String, svg: Bool) throws {
        let id = try cached()
        let r = app.get("/layout/\(id)", headers: [("Accept", accept)])
        #expect(r.status == 200)
        #expect(r.header("Content-Type") == (svg ? "image/svg+xml" : "application/json"))
        #expect(r.header("Vary") == "Accept, Accept-Encoding")
        #expect(r.header("ETag") == (svg ? "\"\(id).svg\"" : "\"\(id)\""))
        #expect(MediaNegotiation.prefersSVG([accept]) == svg)
    }

    @Test func noAcceptIsJSON() throws {
        let id = try cached()
        #expect(app.get("/layout/\(id)").header("Content-Type") == "application/json")
    }

    @Test func svgETagGives304AndNeverValidatesTheJSON() throws {
        let id = try cached()
        #expect(app.get("/layout/\(id).svg", headers: [("If-None-Match", "\"\(id).svg\"")]).status == 304)
        #expect(app.get("/layout/\(id).svg", headers: [("If-None-Match", "\"\(id)\"")]).status == 200)
        #expect(app.get("/layout/\(id).svg?scale=2", headers: [("If-None-Match", "\"\(id).svg\"")]).status == 200)
        let negotiated = app.get("/layout/\(id)", headers: [("Accept", "image/svg+xml"), ("If-None-Match", "\"\(id).svg\"")])
        #expect(negotiated.status == 304)
        #expect(negotiated.header("Vary") == "Accept, Accept-Encoding")
        #expect(app.get("/layout/\(id).svg").header("Vary") == "Accept, Accept-Encoding")
    }

    @Test func unknownIDIs404ProblemDetailsForThePictureToo() {
        for r in [app.get("/layout/0123456789abcdef0123456789abcdef.svg"),
                  app.get("/layout/0123456789abcdef0123456789abcdef", headers: [("Accept", "image/svg+xml")])] {
            #expect(r.status == 404)
            #expect(r.header("Content-Type") == "application/problem+json")
            #expect(r.detail == "No layout with id 0123456789abcdef0123456789abcdef is cached here: it was never computed on this server or it was evicted. POST the layout to /layout again and use the id it returns.")
            #expect(r.route == "/layout/{id}.svg" || r.route == "/layout/{id}")
        }
        #expect(app.get("/layout/x.svg").route == "/layout/{id}.svg")
        #expect(app.get("/layout/.svg").route == "/layout/{id}", "a bare .svg is an id, not a picture of nothing")
    }

    @Test(arguments: [
        ("scale=0", "scale"), ("scale=abc", "scale"), ("scale=17", "scale"), ("scale=nan", "scale"), ("scale=", "scale"),
        ("rect=1,2,3", "rect"), ("rect=0,0,-1,5", "rect"), ("rect=a,b,c,d", "rect"),
    ])
    func badScaleOrRectIs400NamingIt(query: String, parameter: String) throws {
        let id = try cached()
        let r = app.get("/layout/\(id).svg?\(query)")
        #expect(r.status == 400)
        #expect(r.pointers == ["/query/\(parameter)"])
    }

    @Test func badScaleDetailSaysTheRange() throws {
        let r = app.get("/layout/\(try cached()).svg?scale=0")
        #expect(r.detail == "The query parameter scale is \"0\"; it must be a number of pixels per point from 0.01 to 16 (default 1).")
    }

    @Test func headAnswersLikeGet() throws {
        let id = try cached()
        let r = app.respond(to: Request(method: "HEAD", target: "/layout/\(id).svg"))
        #expect(r.status == 200)
        #expect(r.header("Content-Type") == "image/svg+xml")
    }

    @Test func smallPicturesAndRevalidationsAreInlineLargeOnesOffloaded() throws {
        let id = try cached()
        #expect(app.execution(for: Request(method: "GET", target: "/layout/\(id).svg")) == .inline, "5 elements")
        #expect(app.execution(for: Request(method: "GET", target: "/layout/\(id).svg?rect=0,0,10,10")) == .offload, "the rect query builds the index")
        let nine = try #require(app.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":9}]}"#).id)
        #expect(app.execution(for: Request(method: "GET", target: "/layout/\(nine).svg")) == .offload)
        let big = try #require(app.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":100}]}"#).id)
        #expect(app.execution(for: Request(method: "GET", target: "/layout/\(big).svg")) == .offload)
        #expect(app.execution(for: Request(method: "GET", target: "/layout/\(big)", headers: [("Accept", "image/svg+xml")])) == .offload)
        #expect(app.execution(for: Request(method: "GET", target: "/layout/\(big)")) == .inline)
        #expect(app.execution(for: Request(method: "GET", target: "/layout/\(big).svg", headers: [("If-None-Match", "\"\(big).svg\"")])) == .inline)
    }
}
