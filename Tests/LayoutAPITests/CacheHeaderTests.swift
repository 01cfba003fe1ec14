import HTTP
import HTTPCompression
@testable import LayoutAPI
import Testing

/// Issue 19: what shared caches may keep (Cache-Control by answer class), validators on every GET
/// with a body, 304s, Vary, HEAD, Content-Location, and unknown fields holding null.
@Suite struct CacheHeaderTests {
    let app = LayoutApplication.make()
    static let body = #"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":100}]}"#
    static let immutable = "public, max-age=31536000, immutable"

    @Test func contentAddressedAnswersAreImmutableWithAValidatorAndVary() throws {
        let id = try #require(app.post(Self.body).id)
        for (target, vary) in [("/layout/\(id)", "Accept, Accept-Encoding"), ("/layout/\(id).svg", "Accept, Accept-Encoding"),
                               ("/layout/\(id)/elements?rect=0,0,375,667", "Accept, Accept-Encoding"),
                               ("/layout/\(id)/elements?indexPath=0,3", "Accept, Accept-Encoding")] {
            let r = app.get(target)
            #expect(r.status == 200, "\(target)")
            #expect(r.header("Cache-Control") == Self.immutable, "\(target)")
            #expect(r.header("Vary") == vary, "\(target)")
            let etag = try #require(r.header("ETag"), "\(target)")
            let again = app.get(target, headers: [("If-None-Match", etag)])
            #expect(again.status == 304 && again.body.isEmpty, "\(target)")
            #expect(again.header("ETag") == etag && again.header("Cache-Control") == Self.immutable, "\(target)")
            #expect(again.header("Vary") == vary, "\(target)")
        }
    }

    @Test func elementQueriesHaveOneValidatorPerQueryAndPerCoding() throws {
        let id = try #require(app.post(Self.body).id)
        let query = "rect=0,0,375,667"
        let plain = app.get("/layout/\(id)/elements?\(query)")
        let hash = String(Answer.fnv1a(query.utf8), radix: 16)
        #expect(plain.header("ETag") == "\"\(id).q\(String(repeating: "0", count: 16 - hash.count))\(hash)\"")
        #expect(app.get("/layout/\(id)/elements?\(query)").header("ETag") == plain.header("ETag"), "stable")
        #expect(app.get("/layout/\(id)/elements?rect=0,10,375,667").header("ETag") != plain.header("ETag"))
        let gzip = app.get("/layout/\(id)/elements?\(query)", headers: [("Accept-Encoding", "gzip")])
        #expect(gzip.header("Content-Encoding") == "gzip")
        let gzipTag = try #require(gzip.header("ETag"))
        #expect(gzipTag == String(try #require(plain.header("ETag")).dropLast()) + "-gzip\"")
        // Strong per coding: the identity tag does not validate the gzip answer, nor the reverse.
        #expect(app.get("/layout/\(id)/elements?\(query)", headers: [("Accept-Encoding", "gzip"), ("If-None-Match", plain.header("ETag") ?? "")]).status == 200)
        #expect(app.get("/layout/\(id)/elements?\(query)", headers: [("If-None-Match", gzipTag)]).status == 200)
        #expect(app.get("/layout/\(id)/elements?\(query)", headers: [("Accept-Encoding", "gzip"), ("If-None-Match", gzipTag)]).status == 304)
    }

    @Test func freshAnswersProblemsAndPostsAreNoStore() throws {
        let post = app.post(Self.body)
        let id = try #require(post.id)
        #expect(post.header("Cache-Control") == "no-store")
        #expect(post.header("Content-Location") == "/layout/\(id)")
        #expect(post.header("Location") == "/layout/\(id)")
        let minimal = app.post(Self.body, headers: [("Content-Type", "application/json"), ("Prefer", "return=minimal")])
        #expect(minimal.header("Cache-Control") == "no-store")
        #expect(minimal.header("Content-Location") == nil, "a summary is not the representation of /layout/{id}")
        for target in ["/healthz", "/metrics", "/layout/0123456789abcdef0123456789abcdef", "/nowhere",
                       "/layout/\(id)/elements?rect=x", "/layout/\(id)/elements?indexPath=0,999"] {
            let r = app.get(target)
            #expect(r.header("Cache-Control") == "no-store", "\(target) \(r.status)")
            #expect(r.header("ETag") == nil, "\(target)")
        }
        let wrongMethod = app.respond(to: Request(method: "DELETE", target: "/layout/\(id)"))
        #expect(wrongMethod.status == 405 && wrongMethod.header("Cache-Control") == "no-store")
    }

    @Test(arguments: ["/", "/openapi.yaml"])
    func thePlaygroundAndTheContractAreKeptBrieflyAndRevalidated(target: String) throws {
        let r = app.get(target)
        #expect(r.status == 200)
        #expect(r.header("Cache-Control") == "max-age=300")
        let etag = try #require(r.header("ETag"))
        #expect(etag.hasPrefix(target == "/" ? "\"playground-" : "\"openapi-"))
        let again = app.get(target, headers: [("If-None-Match", etag)])
        #expect(again.status == 304 && again.header("Cache-Control") == "max-age=300")
    }

    @Test func headAnswersTheHeadersOfGet() throws {
        let id = try #require(app.post(Self.body).id)
        for target in ["/layout/\(id)", "/layout/\(id)/elements?rect=0,0,375,667", "/healthz", "/openapi.yaml"] {
            let get = app.get(target, headers: [("Accept-Encoding", "gzip")])
            let head = app.respond(to: Request(method: "HEAD", target: target, headers: [("Accept-Encoding", "gzip")]))
            #expect(head.status == get.status)
            #expect(head.headers == get.headers, "\(target)")
            #expect(head.body.count == get.body.count, "Content-Length as for GET (the server sends no body)")
        }
    }

    /// schemathesis: a `null` inside an unknown field of a group nested three deep was answered
    /// "is null", as if the field were known. Groups have no unknown fields at any depth (the
    /// contract now says so at the third level too): the answer names the unknown field; the walk
    /// for nulls enters only fields the contract defines, where a null stays a 400.
    @Test func aNullInsideAnUnknownFieldIsReportedAsTheUnknownFieldAndANullInAKnownFieldAsNull() throws {
        func compositional(group extra: String) -> String {
            let item = #"{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}}"#
            let third = #"{"group":{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}},"subitems":[\#(item)]\#(extra)}}"#
            let second = #"{"group":{"orientation":"vertical","layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}},"subitems":[\#(third)]}}"#
            return #"{"collectionView":{"width":375,"height":667},"layout":{"type":"compositional","sections":[{"group":{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":44}},"subitems":[\#(second)]}}]},"sections":[{"numberOfItems":3}]}"#
        }
        #expect(app.post(compositional(group: "")).status == 200)
        let unknown = app.post(compositional(group: #","x-note":{"a":null,"b":[null]}"#))
        #expect(unknown.status == 400)
        #expect(unknown.detail == #"Unknown field at /layout/sections/0/group/subitems/0/group/subitems/0/group/x-note; remove "x-note" or use one of: "contentInsets", "count", "countKind", "edgeSpacing", "interItemSpacing", "layoutSize", "orientation", "subitems"."#)
        let known = app.post(compositional(group: #","count":null"#))
        #expect(known.status == 400)
        #expect(known.detail == "/layout/sections/0/group/subitems/0/group/subitems/0/group/count is null; omit an optional field to use its default, or send a value.")
        let top = app.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":3}],"extra":{"a":null}}"#)
        #expect(top.detail?.hasPrefix("Unknown field at /extra;") == true)
    }
}
