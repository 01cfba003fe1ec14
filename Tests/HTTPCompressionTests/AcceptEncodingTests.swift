@testable import HTTPCompression
import Testing

@Suite struct AcceptEncodingTests {
    @Test(arguments: [
        // (header values, chosen coding; nil = nothing acceptable)
        ([String](), ContentCoding?.some(.identity)),          // no header: no preference, identity
        ([""], .identity),                                     // empty: identity only
        (["gzip"], .gzip),
        (["deflate"], .deflate),
        (["gzip, deflate, br, zstd"], .gzip),                  // curl --compressed, browsers
        (["deflate, gzip"], .gzip),                            // a tie: gzip first
        (["gzip;q=0.5, deflate"], .deflate),
        (["gzip;q=0, deflate;q=0"], .identity),
        (["GZIP ; Q=0.8 , identity;q=0.9"], .identity),        // case-insensitive, OWS around ;
        (["x-gzip"], .gzip),
        (["br"], .identity),                                   // unknown codings are skipped
        (["*"], .gzip),
        (["*;q=0"], nil),                                      // not even identity
        (["*;q=0, identity"], .identity),
        (["identity;q=0"], nil),
        (["identity;q=0, gzip;q=0.001"], .gzip),
        (["gzip;q=0.001"], .gzip),                             // any listed weight beats implicit identity
        (["gzip;q=1.000"], .gzip),
        (["gzip;q=1.001"], .identity),                         // malformed weight: the entry is dropped
        (["gzip;q=0.5x"], .identity),
        (["gzip;q=.5"], .identity),
        (["gzip;q=0.0001"], .identity),
        (["gzip;q"], .identity),
        (["gzip;level=9"], .gzip),                             // unknown parameters ignored
        (["deflate;q=0.9", "gzip;q=0.8"], .deflate),           // several fields are one list
        (["*;q=0.3, gzip;q=0.2"], .deflate),                   // * weighs what is not named
        ([",, gzip ,"], .gzip),
    ])
    func negotiation(values: [String], chosen: ContentCoding?) {
        #expect(AcceptEncoding(values).preferred() == chosen)
    }

    @Test func weightsAreThousandths() {
        let a = AcceptEncoding(["gzip;q=0.5, deflate;q=0.25, *;q=0.125"])
        #expect(a.weight(of: .gzip) == 500)
        #expect(a.weight(of: .deflate) == 250)
        #expect(a.weight(of: .identity) == 125)
        #expect(AcceptEncoding(["gzip"]).weight(of: .identity) == 1)
        #expect(AcceptEncoding(["gzip"]).weight(of: .deflate) == 0)
    }

    @Test func contentEncodingListsAreParsedInOrder() {
        #expect(ContentCoding.parseList(["gzip"]) == .success([.gzip]))
        #expect(ContentCoding.parseList(["identity"]) == .success([]))
        #expect(ContentCoding.parseList(["deflate, GZIP"]) == .success([.deflate, .gzip]))
        #expect(ContentCoding.parseList(["x-gzip", "deflate"]) == .success([.gzip, .deflate]))
        #expect(ContentCoding.parseList(["br"]) == .failure(.init(token: "br")))
        #expect(ContentCoding.parseList(["gzip, compress"]) == .failure(.init(token: "compress")))
    }
}
