import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// The error paths a new user meets first (issue 29): each answer names the field and says what
/// would have worked, with the nearest name when one is close.
@Suite struct FirstHourErrorTests {
    let app = LayoutApplication.make()
    static let devices = DeviceProfiles.all.count

    static func device(_ name: String) -> String {
        #"{"collectionView":{"device":"\#(name)"},"sections":[{"numberOfItems":3}]}"#
    }

    /// A table's rows are its sections' items: "numberOfRows" (UIKit's word) points there.
    @Test func aTableSectionsNumberOfRowsPointsAtNumberOfItems() {
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"table"},"sections":[{"numberOfRows":2}]}"#)
        #expect(r.status == 400)
        #expect(r.detail?.contains(#"did you mean "numberOfItems""#) == true, "\(r.detail ?? "")")
    }

    @Test(arguments: [
        ("iPhone 15Pro", "iPhone 15 Pro"), ("iPhone13mini", "iPhone 13 mini"), ("iphone 16 PROMAX", "iPhone 16 Pro Max"),
        ("iPad Air 11 inch M2", "iPad Air 11-inch (M2)"), ("iPhone 16 Por", "iPhone 16 Pro"), ("iPhone SE 3rd generation", "iPhone SE (3rd generation)"),
    ])
    func aMistypedDeviceSuggestsTheRightOne(typed: String, meant: String) {
        let r = app.post(Self.device(typed))
        #expect(r.status == 422)
        #expect(r.pointers == ["/collectionView/device"])
        #expect(r.detail == "Unknown device \"\(typed)\" at /collectionView/device; did you mean \"\(meant)\"? GET /devices lists all \(Self.devices) names; or send width, height and scale instead.")
    }

    @Test(arguments: ["Pixel 8", "Galaxy S24", "iPod touch"])
    func aDeviceNothingIsCloseToSaysSo(typed: String) {
        let r = app.post(Self.device(typed))
        #expect(r.status == 422)
        #expect(r.detail == "Unknown device \"\(typed)\" at /collectionView/device; no device layoutd knows has a name close to it (it knows Apple's iPhones and iPads: GET /devices lists all \(Self.devices), e.g. \"iPhone 16 Pro\", \"iPhone SE (3rd generation)\", \"iPad Air 11-inch (M2)\"). Send width, height and scale instead.")
    }

    @Test func aMistypedEnumValueSuggestsTheNearestAndListsTheValuesOnce() {
        let r = app.post(#"{"collectionView":{"width":390,"height":844},"layout":{"type":"list","list":{"appearance":"inset grouped"}},"sections":[{"numberOfItems":1}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/layout/list/appearance"])
        #expect(r.detail == #"Unknown value "inset grouped" at /layout/list/appearance; did you mean "insetGrouped"? Otherwise use one of: "plain", "grouped", "insetGrouped", "sidebar", "sidebarPlain"."#)
    }

    @Test func aValueThatStartsSeveralNamesSuggestsThemAll() {
        let r = app.post(#"{"collectionView":{"device":"iPhone 16 Pro","orientation":"landscape"},"sections":[{"numberOfItems":1}]}"#)
        #expect(r.status == 422)
        #expect(r.detail == #"Unknown value "landscape" at /collectionView/orientation; did you mean "landscapeLeft" or "landscapeRight"? Otherwise use one of: "portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"."#)
    }

    @Test func aMistypedLayoutTypeAndFieldSuggestTheNearest() {
        let type = app.post(#"{"collectionView":{"width":320,"height":480},"layout":{"type":"waterfal"},"sections":[{"numberOfItems":1}]}"#)
        #expect(type.detail?.hasPrefix(#"Unknown value "waterfal" at /layout/type; did you mean "waterfall"? Otherwise use one of: "flow", "#) == true)
        let field = app.post(#"{"collectionView":{"width":320,"height":480},"sections":[{"numberOfItem":1}]}"#)
        #expect(field.status == 400)
        #expect(field.detail?.hasPrefix(#"Unknown field at /sections/0/numberOfItem; did you mean "numberOfItems"? Otherwise remove "numberOfItem" or use one of: "#) == true)
        let far = app.post(#"{"collectionView":{"width":320,"height":480},"sections":[{"colour":1}]}"#)
        #expect(far.detail?.hasPrefix(#"Unknown field at /sections/0/colour; remove "colour" or use one of: "#) == true)
    }

    @Test func anUnknownSnapshotOperationListsTheOperationsOnce() throws {
        let r = app.post(#"{"old":{"sections":[{"id":"A","items":["a"]}]},"operations":[{"op":"apendItems","items":["b"]}]}"#, target: "/snapshot/apply")
        #expect(r.status == 400)
        #expect(r.pointers == ["/operations/0/op"])
        let names = SnapshotRequestDecoder.operationNames.map { "\"\($0)\"" }.joined(separator: ", ")
        #expect(r.detail == "Unknown value \"apendItems\" at /operations/0/op; did you mean \"appendItems\"? Otherwise use one of: \(names).")
        let detail = try #require(r.detail)
        #expect(detail.components(separatedBy: "\"reconfigureItems\"").count == 2, "the list is printed once")
        let section = app.post(#"{"snapshot":{"items":[{"id":"a"}]},"operations":[{"op":"expnd","items":["a"]}]}"#, target: "/snapshot/section")
        #expect(section.status == 400)
        #expect(section.detail?.hasPrefix(#"Unknown value "expnd" at /operations/0/op; did you mean "expand"? Otherwise use one of: "append", "#) == true)
    }

    @Test(arguments: ["png", "json", "PDF"])
    func anUnknownFormatOnALayoutIdSaysWhichFormatsExist(format: String) throws {
        let id = try #require(app.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":3}]}"#).id)
        let r = app.get("/layout/\(id).\(format)")
        #expect(r.status == 404)
        #expect(r.problemType == "https://layoutd.dev/problems/unknown-format")
        #expect(r.detail == "layoutd does not make a .\(format) form of a layout. A layout is /layout/\(id) (JSON; the picture with Accept: image/svg+xml) or /layout/\(id).svg (the SVG picture; ?scale=2 for more pixels).")
        // Not an id with a dot: still the unknown-layout answer.
        #expect(app.get("/layout/not-an-id.png").problemType == "https://layoutd.dev/problems/unknown-layout")
    }

    @Test func aCountTooLargeForAnyIntegerSaysItIsTooMany() {
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":1e20}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/sections/0/numberOfItems"])
        #expect(r.detail == "/sections/0/numberOfItems is 1e+20, far too many: a layout has at most 1000000 elements on this server (--max-elements).")
        let integer = app.post(#"{"before":[1e19]}"#, target: "/batch/validate")
        #expect(integer.status == 400)
        #expect(integer.detail == "The number at /before/0 is 1e+19, too large for a whole number here (at most 9223372036854775807 either way); send a smaller number.")
    }

    @Test func aPreferredSizeOutsideASectionSaysHowManyItemsItHas() {
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"estimatedItemSize":{"width":375,"height":44}},"sections":[{"numberOfItems":3}],"preferredSizes":[{"indexPath":[0,99],"width":375,"height":50},{"indexPath":[2,0],"width":375,"height":50}]}"#)
        #expect(r.status == 422)
        #expect(r.errorDetails == [
            "/preferredSizes/0/indexPath is [0, 99], which is not an item of this layout (section 0 has 3 items, 0 to 2); send sizes only for items the layout has.",
            "/preferredSizes/1/indexPath is [2, 0], which is not an item of this layout (the layout has 1 section, section 0); send sizes only for items the layout has.",
        ])
    }

    @Test func anElementQueryOutsideASectionSaysHowManyItemsItHas() throws {
        let id = try #require(app.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":3},{"numberOfItems":1}]}"#).id)
        let item = app.get("/layout/\(id)/elements?indexPath=0,99")
        #expect(item.status == 404)
        #expect(item.detail == "The layout \(id) has no cell at index path [0, 99] (section 0 has 3 items, 0 to 2).")
        let one = app.get("/layout/\(id)/elements?indexPath=1,1")
        #expect(one.detail == "The layout \(id) has no cell at index path [1, 1] (section 1 has 1 item, item 0).")
        let section = app.get("/layout/\(id)/elements?indexPath=7,0")
        #expect(section.detail == "The layout \(id) has no cell at index path [7, 0] (the layout has 2 sections, 0 to 1).")
    }

    @Test(arguments: [
        ("iPhone 15Pro", ["iPhone 15 Pro", "iPhone 15 Pro Max"], ["iPhone 15 Pro"]),
        ("plian", ["plain", "grouped"], ["plain"]),               // a swap of two neighbours is one edit
        ("landscape", ["landscapeLeft", "landscapeRight", "portrait"], ["landscapeLeft", "landscapeRight"]),
        ("Pixel 8", ["iPhone 16", "iPad mini"], []),
        ("", ["plain"], []),
        (String(repeating: "x", count: 10_000), ["plain"], []),
        ("numberOfRows", ["headerTitle", "numberOfItems", "rowHeights"], ["numberOfItems"]),   // UIKit's word for a table
        ("numberOfRows", ["width", "height"], []),
    ])
    func nearestNamesIgnoreCaseSpacingAndPunctuation(name: String, candidates: [String], expected: [String]) {
        #expect(NearestNames.closest(to: name, in: candidates) == expected)
    }
}

extension Response {
    /// The problem's `type`.
    var problemType: String? {
        guard case .object(let o)? = json, case .string(let t)? = o["type"] else { return nil }
        return t
    }

    /// `errors[].detail` of a problem body.
    var errorDetails: [String] {
        guard case .object(let o)? = json, case .array(let errors)? = o["errors"] else { return [] }
        return errors.compactMap { e in
            guard case .object(let eo) = e, case .string(let d)? = eo["detail"] else { return nil }
            return d
        }
    }
}
