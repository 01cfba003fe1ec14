import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

@Suite struct PostLayoutTests {
    let app = LayoutApplication.make()
    static let minimal = #"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":3}]}"#

    @Test func minimalRequestGivesUIKitFramesExactly() throws {
        let r = app.post(Self.minimal)
        #expect(r.status == 200)
        let id = try #require(r.id)
        // D = 375, 50x50 items, spacing 10: 6 fit per line, justified gap (375 - 300) / 5 = 15.
        #expect(r.text == """
            {"id":"\(id)","contentSize":{"width":375,"height":50},"elements":[\
            {"category":"cell","indexPath":[0,0],"frame":{"x":0,"y":0,"width":50,"height":50},"zIndex":0},\
            {"category":"cell","indexPath":[0,1],"frame":{"x":65,"y":0,"width":50,"height":50},"zIndex":0},\
            {"category":"cell","indexPath":[0,2],"frame":{"x":130,"y":0,"width":50,"height":50},"zIndex":0}],"warnings":[]}
            """)
        #expect(id.count == 32)
        #expect(r.header("X-Cache") == "miss")
        #expect(r.header("ETag") == "\"\(id)\"")
        #expect(r.header("Location") == "/layout/\(id)")
    }

    @Test func headersAndFootersComeAroundTheirSectionsCells() throws {
        let r = app.post(#"{"collectionView":{"width":320,"height":480},"layout":{"itemSize":{"width":100,"height":100},"headerReferenceSize":{"width":0,"height":40},"footerReferenceSize":{"width":0,"height":30},"sectionInset":{"top":10,"left":10,"bottom":10,"right":10}},"sections":[{"numberOfItems":4}]}"#)
        let id = try #require(r.id)
        // flow-layout.md §14 example 4.
        #expect(r.text == """
            {"id":"\(id)","contentSize":{"width":320,"height":300},"elements":[\
            {"category":"supplementaryView","kind":"header","indexPath":[0,0],"frame":{"x":0,"y":0,"width":320,"height":40},"zIndex":0},\
            {"category":"cell","indexPath":[0,0],"frame":{"x":10,"y":50,"width":100,"height":100},"zIndex":0},\
            {"category":"cell","indexPath":[0,1],"frame":{"x":210,"y":50,"width":100,"height":100},"zIndex":0},\
            {"category":"cell","indexPath":[0,2],"frame":{"x":10,"y":160,"width":100,"height":100},"zIndex":0},\
            {"category":"cell","indexPath":[0,3],"frame":{"x":210,"y":160,"width":100,"height":100},"zIndex":0},\
            {"category":"supplementaryView","kind":"footer","indexPath":[0,0],"frame":{"x":0,"y":270,"width":320,"height":30},"zIndex":0}],"warnings":[]}
            """)
    }

    @Test func idIgnoresKeyOrderWhitespaceAndSpelledOutDefaults() {
        let a = app.post(Self.minimal).id
        let b = app.post("""
            { "sections" : [ { "numberOfItems" : 3, "minimumLineSpacing": 10 } ],
              "layout": {"type": "flow", "itemSize": {"height": 50, "width": 50}, "scrollDirection": "vertical",
                         "rowAlignment": {"commonRow": "justify", "lastRow": "left", "vertical": "center"}},
              "collectionView" : { "height" : 667, "width" : 375, "scale": 2, "contentInset": {"top": 0} } }
            """).id
        #expect(a != nil)
        #expect(a == b)
        #expect(a == LayoutRequestDecoderTests.minimalID)
    }

    @Test func differentContentGivesDifferentIDs() {
        let a = app.post(Self.minimal).id
        let b = app.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":4}]}"#).id
        let c = app.post(#"{"collectionView":{"width":375,"height":667,"scale":3},"sections":[{"numberOfItems":3}]}"#).id
        #expect(Set([a, b, c]).count == 3)
    }

    @Test func secondIdenticalRequestIsACacheHitWithTheSameBytes() {
        let first = app.post(Self.minimal)
        let second = app.post(Self.minimal)
        #expect(first.header("X-Cache") == "miss")
        #expect(second.header("X-Cache") == "hit")
        #expect(first.body == second.body)
        #expect(app.cache.stats.hits == 1)
        #expect(app.cache.stats.misses == 1)
    }

    @Test func preferReturnMinimalAnswersCountsWithoutElements() throws {
        let r = app.post(Self.minimal, headers: [("Content-Type", "application/json"), ("Prefer", "respond-async, return=minimal")])
        let id = try #require(r.id)
        #expect(r.text == #"{"id":"\#(id)","contentSize":{"width":375,"height":50},"counts":{"elements":3,"cells":3,"headers":0,"footers":0,"sections":1},"warnings":[]}"#)
        #expect(r.header("Preference-Applied") == "return=minimal")
    }

    @Test func malformedJSONIs400WithWhereItStopped() {
        let r = app.post(#"{"collectionView": {"width": 375,, "height": 667}}"#)
        #expect(r.status == 400)
        #expect(r.header("Content-Type") == "application/problem+json")
        #expect(r.pointers == [""])
        #expect(r.detail == "The request body is not valid JSON (line 1, column 34: expected a string key in double quotes but found ','). Send a JSON object encoded as UTF-8.")
    }

    @Test func wrongTypeIs400NamingTheField() {
        let r = app.post(#"{"collectionView":{"width":"375","height":667},"sections":[]}"#)
        #expect(r.status == 400)
        #expect(r.pointers == ["/collectionView/width"])
    }

    @Test func missingSectionsIs400() {
        let r = app.post(#"{"collectionView":{"width":375,"height":667}}"#)
        #expect(r.status == 400)
        #expect(r.pointers == ["/sections"])
    }

    @Test func unknownFieldIs400NamingIt() {
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"minimumLineSpacin":4},"sections":[]}"#)
        #expect(r.status == 400)
        #expect(r.pointers == ["/layout/minimumLineSpacin"])
    }

    /// An 8 MB key of '/' once came back as a 48 MB error (escaped to '~1' in the pointer, then
    /// quoted): the key is cut to 64 characters in the pointer and the detail, as values are.
    @Test func aHugeUnknownKeyIsCutInTheError() {
        let key = String(repeating: "/", count: 8 << 20)
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"sections":[],""# + key + #"":1}"#)
        let cut = String(repeating: "~1", count: 64) + "…"
        #expect(r.status == 400)
        #expect(r.pointers == ["/" + cut])
        #expect(r.detail == "Unknown field at /\(cut); remove \"\(String(repeating: "/", count: 64))…\" or use one of: \"collectionView\", \"layout\", \"preferredSizes\", \"preferredSupplementarySizes\", \"sections\".")
        #expect(r.body.count < 2_000)
    }

    @Test func negativeValuesAre422NamingEveryField() {
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"minimumLineSpacing":-1},"sections":[{"itemSizes":[{"width":10,"height":10},{"width":-5,"height":10}],"sectionInset":{"left":-2}}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/layout/minimumLineSpacing", "/sections/0/sectionInset/left", "/sections/0/itemSizes/1/width"])
        #expect(r.detail == "/layout/minimumLineSpacing is -1; it must be a length in points: a number from 0 to 1000000000. (2 more problems in errors)")
    }

    @Test func numberTooLargeForADoubleIs400() {
        let r = app.post(#"{"collectionView":{"width":1e400,"height":667},"sections":[]}"#)
        #expect(r.status == 400)
        #expect(r.detail == "The request body is not valid JSON (line 1, column 28: number 1e400 is too large for a 64-bit float). Send a JSON object encoded as UTF-8.")
    }

    @Test func moreElementsThanTheCapIs422SayingTheCap() {
        let small = LayoutApplication.make(maxElements: 100)
        let r = small.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":60},{"numberOfItems":41}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/sections/1/numberOfItems"])
        #expect(r.detail == "/sections/1/numberOfItems is 41; with the 60 elements before it the layout would have 101, over this server's cap of 100 elements per request (--max-elements).")
        #expect(small.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":60},{"numberOfItems":40}]}"#).status == 200)
    }

    @Test func lengthsOverABillionPointsAre422() {
        let r = app.post(#"{"collectionView":{"width":375,"height":667,"scale":1e9},"sections":[{"numberOfItems":1,"footerReferenceSize":{"width":0,"height":1.7e308}}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/collectionView/scale", "/sections/0/footerReferenceSize/height"])
        #expect(r.detail == "/collectionView/scale is 1000000000; it must be a screen scale such as 2 or 3: a number greater than 0 and at most 100. (1 more problem in errors)")
    }

    @Test func nullIsRejectedNamingTheField() {
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":1}],"preferredSizes":null}"#)
        #expect(r.status == 400)
        #expect(r.pointers == ["/preferredSizes"])
        #expect(r.detail == "/preferredSizes is null; omit an optional field to use its default, or send a value.")
    }

    @Test func bothItemFormsInOneSectionIs422() {
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":1,"itemSizes":[]}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/sections/0/itemSizes"])
    }
}

enum LayoutRequestDecoderTests {
    /// The id of PostLayoutTests.minimal: fixed forever (same content, same id, any server, any day).
    static let minimalID: String? = "1276bb76407edf9a93b441a02593f676"
}
