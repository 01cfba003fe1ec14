import JSON
import LayoutEngine

/// Decodes `collectionView`: the bounds, scale and insets every layout type reads, either
/// spelled out or filled from a device profile (`device` + `orientation`, `DeviceProfiles`),
/// with explicit fields overriding the profile; plus `layoutDirection`.
///
/// From a profile: width, height, scale and safe area come from the table; the layout margins
/// are the system minimum margins (16 compact / 20 regular width) measured from the safe area,
/// and the readable-content insets centre a 672 pt readable width between those margins
/// (`DeviceMetrics`), both computed from the resolved safe area and width, so overriding one of
/// them carries through. `wideContentMargins` is the screen's.
extension WireReader {
    static let collectionViewKeys: KeySet = [
        "width", "height", "scale", "contentInset", "safeAreaInsets", "layoutMargins",
        "device", "orientation", "layoutDirection", "readableContentInsets", "wideContentMargins",
    ]

    mutating func collectionView(_ field: JSONField) throws(FieldError) -> CollectionViewMetrics {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: Self.collectionViewKeys)
        let profile = try deviceMetrics(o)
        let width = try dimension(o, "width", profile?.width)
        let height = try dimension(o, "height", profile?.height)
        let scale = try o.value("scale", default: profile?.scale ?? 2) { f throws(FieldError) in
            try positive(f, what: "a screen scale such as 2 or 3", limit: WireReader.maxScale)
        }
        let safeArea = try o.value("safeAreaInsets", default: profile?.safeAreaInsets ?? .zero) { f throws(FieldError) in try insets(f) }
        let margins = try o.value("layoutMargins", default: profile.map {
            DeviceMetrics.layoutMargins(safeArea: safeArea, sizeClass: $0.horizontalSizeClass)
        } ?? .zero) { f throws(FieldError) in try insets(f) }
        let readable = try o.member("readableContentInsets").map { f throws(FieldError) in try insets(f) }
            ?? profile.map { _ in DeviceMetrics.readableContentInsets(width: width, margins: margins) }
        return CollectionViewMetrics(
            width: width, height: height, scale: scale,
            contentInset: try o.value("contentInset", default: .zero) { f throws(FieldError) in try insets(f) },
            safeAreaInsets: safeArea, layoutMargins: margins,
            layoutDirection: try o.value("layoutDirection", default: .leftToRight) { f throws(FieldError) in try f.enumValue(LayoutDirection.self) },
            readableContentInsets: readable,
            wideContentMargins: try o.member("wideContentMargins").map { f throws(FieldError) in try f.bool() } ?? profile?.wideContentMargins)
    }

    /// `width` / `height`: required unless a device profile gives it. The contract says so in
    /// words (both are optional in its schema, for `device`), so a missing one is a 422 naming it.
    private mutating func dimension(_ o: JSONFieldObject, _ key: String, _ fallback: Double?) throws(FieldError) -> Double {
        if let f = try o.member(key) { return try length(f) }
        if let fallback { return fallback }
        if try o.member("device") != nil { return 0 } // an unknown device, already reported
        let pointer = o.pointer.appending(key)
        reject(pointer, "\(o.pointer) has no \(key); send \"width\" and \"height\" in points (with \"scale\"), or a \"device\" whose screen gives them (GET /devices lists them).")
        return 0
    }

    /// "Unknown device …": the nearest names when one is close (case, spaces and punctuation
    /// ignored: "iPhone 15Pro" is "iPhone 15 Pro"), else that none is, with a few examples.
    static func unknownDevice(_ name: String, at pointer: JSONPointer) -> String {
        let names = DeviceProfiles.all.map(\.name)
        let unknown = "Unknown device \(FieldError.quoted(name)) at \(FieldError.location(pointer));"
        if let close = NearestNames.suggestion(for: name, in: names) {
            return unknown + " " + close + " GET /devices lists all \(names.count) names; or send width, height and scale instead."
        }
        let examples = ["iPhone 16 Pro", "iPhone SE (3rd generation)", "iPad Air 11-inch (M2)"].map(FieldError.quoted).joined(separator: ", ")
        return unknown + " no device layoutd knows has a name close to it (it knows Apple's iPhones and iPads: GET /devices lists all \(names.count), e.g. \(examples)). Send width, height and scale instead."
    }

    /// The profile `device` + `orientation` name, or nil without `device`. An unknown device or
    /// an orientation the device lacks is a 422 naming the field (collected, so the rest of the
    /// request is still checked).
    private mutating func deviceMetrics(_ o: JSONFieldObject) throws(FieldError) -> DeviceMetrics? {
        guard let d = try o.member("device") else {
            if let orientation = try o.member("orientation") {
                reject(orientation.pointer, "\(orientation.pointer) is set without device; an orientation picks a device profile's portrait or landscape numbers. Add \"device\" (GET /devices lists them) or remove \"orientation\".")
            }
            return nil
        }
        let name = try d.string()
        let orientation = try o.value("orientation", default: .portrait) { f throws(FieldError) in try f.enumValue(InterfaceOrientation.self) }
        guard let profile = DeviceProfiles.named(name) else {
            reject(d.pointer, Self.unknownDevice(name, at: d.pointer))
            return nil
        }
        guard let metrics = profile.metrics(for: orientation) else {
            let pointer = o.pointer.appending("orientation")
            let allowed = profile.orientations.map { FieldError.quoted($0.rawValue) }.joined(separator: ", ")
            reject(pointer, "\(pointer) is \(FieldError.quoted(orientation.rawValue)), which \(profile.name) does not have; use one of: \(allowed).")
            return nil
        }
        return metrics
    }
}
