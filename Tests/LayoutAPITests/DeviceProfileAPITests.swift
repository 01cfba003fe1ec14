import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// `collectionView.device` + `orientation` and `GET /devices`.
@Suite struct DeviceProfileAPITests {
    let app = LayoutApplication.make()

    static let oneRow = #""layout":{"type":"compositional","configuration":{"contentInsetsReference":"layoutMargins"},"sections":[{"group":{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":44}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}}]}}]},"sections":[{"numberOfItems":1}]"#

    func firstFrame(_ r: Response) -> Rect? {
        RightToLeftTests.elements(r).first?.frame
    }

    @Test func aProfileIsTheSameRequestAsItsNumbersSpelledOut() {
        let device = app.post(#"{"collectionView":{"device":"iPhone 16 Pro","orientation":"landscapeLeft"},\#(Self.oneRow)}"#)
        let spelled = app.post(#"{"collectionView":{"width":874,"height":402,"scale":3,"safeAreaInsets":{"left":62,"bottom":21,"right":62},"layoutMargins":{"left":78,"bottom":21,"right":78},"readableContentInsets":{"left":101,"bottom":21,"right":101},"wideContentMargins":false},\#(Self.oneRow)}"#)
        #expect(device.status == 200)
        #expect(device.id == spelled.id)
        // 62 pt safe area + 16 pt compact-width margin on each side.
        #expect(firstFrame(device) == Rect(x: 78, y: 0, width: 718, height: 44))
    }

    @Test(arguments: [
        ("iPhone SE (3rd generation)", "portrait", Rect(x: 16, y: 0, width: 343, height: 44)),
        ("iPhone 16 Pro", "portrait", Rect(x: 16, y: 0, width: 370, height: 44)),
        ("iPhone 16 Pro Max", "landscapeRight", Rect(x: 82, y: 0, width: 792, height: 44)), // 62 + 20: regular width
        ("iPad Air 11-inch (M2)", "portrait", Rect(x: 20, y: 0, width: 780, height: 44)),
        ("iPad Pro 13-inch (M4)", "landscapeLeft", Rect(x: 20, y: 0, width: 1336, height: 44)),
    ])
    func layoutMarginsFollowTheSizeClassAndTheSafeArea(_ device: String, _ orientation: String, _ frame: Rect) {
        let r = app.post(#"{"collectionView":{"device":"\#(device)","orientation":"\#(orientation)"},\#(Self.oneRow)}"#)
        #expect(r.status == 200)
        #expect(firstFrame(r) == frame)
    }

    @Test func readableContentIsAtMost672PointsOnAnIPadInLandscape() {
        let body = Self.oneRow.replacing(#""layoutMargins""#, with: #""readableContent""#)
        let r = app.post(#"{"collectionView":{"device":"iPad Air 11-inch (M2)","orientation":"landscapeLeft"},\#(body)}"#)
        // 1180 wide, margins 20: (1180 − 40 − 672) / 2 = 234 more on each side.
        #expect(firstFrame(r) == Rect(x: 254, y: 0, width: 672, height: 44))
        // In portrait on an iPhone the readable guide is the layout margins.
        let phone = app.post(#"{"collectionView":{"device":"iPhone 15"},\#(body)}"#)
        #expect(firstFrame(phone) == Rect(x: 16, y: 0, width: 361, height: 44))
    }

    @Test func explicitFieldsOverrideTheProfileAndMarginsFollowTheSafeArea() {
        let r = app.post(#"{"collectionView":{"device":"iPhone 16","width":300,"safeAreaInsets":{"left":10,"right":4}},\#(Self.oneRow)}"#)
        #expect(firstFrame(r) == Rect(x: 26, y: 0, width: 254, height: 44))
        let margins = app.post(#"{"collectionView":{"device":"iPhone 16","layoutMargins":{"left":8,"right":8}},\#(Self.oneRow)}"#)
        #expect(firstFrame(margins) == Rect(x: 8, y: 0, width: 377, height: 44))
    }

    @Test func deviceNamesIgnoreCaseAndExtraSpaces() {
        let a = app.post(#"{"collectionView":{"device":"iphone 16  pro"},\#(Self.oneRow)}"#)
        let b = app.post(#"{"collectionView":{"device":"iPhone 16 Pro"},\#(Self.oneRow)}"#)
        #expect(a.status == 200)
        #expect(a.id == b.id)
    }

    @Test func unknownDeviceIs422PointingToTheList() {
        let r = app.post(#"{"collectionView":{"device":"iPhone 16 Mini"},"sections":[{"numberOfItems":1}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/collectionView/device"])
        // The nearest name (one character off, case and spaces aside): the last mini.
        #expect(r.detail == #"Unknown device "iPhone 16 Mini" at /collectionView/device; did you mean "iPhone 13 mini"? GET /devices lists all \#(DeviceProfiles.all.count) names; or send width, height and scale instead."#)
    }

    @Test func orientationsADeviceLacksAre422() {
        let r = app.post(#"{"collectionView":{"device":"iPhone 16","orientation":"portraitUpsideDown"},"sections":[{"numberOfItems":1}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/collectionView/orientation"])
        #expect(r.detail == #"/collectionView/orientation is "portraitUpsideDown", which iPhone 16 does not have; use one of: "portrait", "landscapeLeft", "landscapeRight"."#)
        #expect(app.post(#"{"collectionView":{"device":"iPad mini (A17 Pro)","orientation":"portraitUpsideDown"},"sections":[{"numberOfItems":1}]}"#).status == 200)
        let unknown = app.post(#"{"collectionView":{"device":"iPhone 16","orientation":"landscape"},"sections":[{"numberOfItems":1}]}"#)
        #expect(unknown.status == 422)
        #expect(unknown.detail == #"Unknown value "landscape" at /collectionView/orientation; did you mean "landscapeLeft" or "landscapeRight"? Otherwise use one of: "portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"."#)
        let alone = app.post(#"{"collectionView":{"width":100,"height":100,"orientation":"portrait"},"sections":[{"numberOfItems":1}]}"#)
        #expect(alone.status == 422)
        #expect(alone.pointers == ["/collectionView/orientation"])
    }

    /// Schema-valid (`width` is optional there, for `device`), so a 422 naming it, not a 400.
    @Test func withoutADeviceWidthAndHeightAreStillRequired() {
        let r = app.post(#"{"collectionView":{"height":100},"sections":[{"numberOfItems":1}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/collectionView/width"])
        #expect(r.detail == #"/collectionView has no width; send "width" and "height" in points (with "scale"), or a "device" whose screen gives them (GET /devices lists them)."#)
        let neither = app.post(#"{"collectionView":{},"sections":[]}"#)
        #expect(neither.status == 422)
        #expect(neither.pointers == ["/collectionView/width", "/collectionView/height"])
    }

    @Test func devicesListsTheCurrentLinesWithDerivedNumbers() throws {
        let r = app.get("/devices")
        #expect(r.status == 200)
        #expect(r.header("Content-Type") == "application/json")
        guard case .object(let o)? = r.json, case .array(let devices)? = o["devices"] else {
            Issue.record("not a device list: \(r.text.prefix(200))")
            return
        }
        let names = devices.compactMap { d -> String? in
            if case .object(let dd) = d, case .string(let n)? = dd["name"] { n } else { nil }
        }
        #expect(names == DeviceProfiles.all.map(\.name))
        for line in ["iPhone 13 mini", "iPhone 14 Plus", "iPhone 15 Pro Max", "iPhone 16e", "iPhone 17 Pro", "iPhone Air",
                     "iPhone SE (3rd generation)", "iPad (A16)", "iPad mini (A17 Pro)", "iPad Air 13-inch (M3)", "iPad Pro 11-inch (M4)"] {
            #expect(names.contains(line))
        }
        #expect(r.text.contains(#"{"name":"iPad Air 11-inch (M2)","idiom":"pad","scale":2,"wideContentMargins":true,"source":"820x1180 @2x [Doc]; top 24, bottom 20 [S]","orientations":{"portrait":{"width":820,"height":1180,"horizontalSizeClass":"regular","safeAreaInsets":{"top":24,"left":0,"bottom":20,"right":0},"layoutMargins":{"top":24,"left":20,"bottom":20,"right":20},"readableContentInsets":{"top":24,"left":74,"bottom":20,"right":74}},"#))
        let etag = try #require(r.header("ETag"))
        #expect(etag.hasPrefix("\"devices-"))
        #expect(app.get("/devices", headers: [("If-None-Match", etag)]).status == 304)
        let gzip = app.get("/devices", headers: [("Accept-Encoding", "gzip")])
        #expect(gzip.header("Content-Encoding") == "gzip")
        #expect(gzip.body.count < r.body.count / 4)
    }
}
