import JSON
import LayoutEngine

/// `GET /devices`: the device profiles `collectionView.device` accepts, with the numbers each
/// orientation fills in (derived margins and readable insets included) and each row's sources.
/// Built once from the engine's table; compressed at most once per coding.
enum DevicesDocument {
    static let body = EncodedBody(bytes())
    /// The validator: the table is fixed for a build, so its bytes name it.
    static let tag = Answer.contentTag("devices", body.identity)

    static func bytes() -> [UInt8] {
        var w = JSONWriter(capacity: 48 * 1024)
        w.raw("{\"orientations\":[")
        for (i, o) in InterfaceOrientation.allCases.enumerated() {
            if i > 0 { w.raw(",") }
            w.string(o.rawValue)
        }
        w.raw("],\"devices\":[")
        for (i, device) in DeviceProfiles.all.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("\n{\"name\":"); w.string(device.name)
            w.raw(",\"idiom\":"); w.string(device.idiom.rawValue)
            w.raw(",\"scale\":"); w.number(device.scale)
            w.raw(",\"wideContentMargins\":"); w.bool(device.wideContentMargins)
            w.raw(",\"source\":"); w.string(device.source)
            w.raw(",\"orientations\":{")
            for (j, o) in device.orientations.enumerated() {
                guard let m = device.metrics(for: o) else { continue }
                if j > 0 { w.raw(",") }
                w.string(o.rawValue)
                w.raw(":{\"width\":"); w.number(m.width)
                w.raw(",\"height\":"); w.number(m.height)
                w.raw(",\"horizontalSizeClass\":"); w.string(m.horizontalSizeClass.rawValue)
                w.raw(",\"safeAreaInsets\":"); insets(m.safeAreaInsets, &w)
                w.raw(",\"layoutMargins\":"); insets(m.layoutMargins, &w)
                w.raw(",\"readableContentInsets\":"); insets(m.readableContentInsets, &w)
                w.raw("}")
            }
            w.raw("}}")
        }
        w.raw("]}\n")
        return w.bytes
    }

    private static func insets(_ i: Insets, _ w: inout JSONWriter) {
        w.raw("{\"top\":"); w.number(i.top)
        w.raw(",\"left\":"); w.number(i.left)
        w.raw(",\"bottom\":"); w.number(i.bottom)
        w.raw(",\"right\":"); w.number(i.right)
        w.raw("}")
    }
}

extension LayoutApplication {
    /// `GET /devices`: the device table, compressed at most once per coding.
    static func getDevices() -> Answer {
        Answer(contentType: "application/json", body: .cached(DevicesDocument.body, of: nil), validator: .tag(DevicesDocument.tag))
    }
}
