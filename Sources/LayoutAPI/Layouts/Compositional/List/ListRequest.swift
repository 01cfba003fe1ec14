import LayoutEngine

/// Decodes list sections (docs/uikit-rules/list-layout.md §2): `layout.list` (one
/// `UICollectionLayoutListConfiguration` for every section, `UICollectionViewCompositionalLayout.list(using:)`),
/// `layout.sections[i].list` (`NSCollectionLayoutSection.list(using:layoutEnvironment:)` from a
/// section provider) and `layout.listEnvironment`. Unknown values are a 422 naming the field
/// and listing the accepted ones.
extension WireReader {
    static let listKeys: KeySet = [
        "appearance", "headerMode", "footerMode", "headerTopPadding", "showsSeparators", "separatorConfiguration", "rowHeight",
    ]
    /// A layout section with `list` takes only these (the section UIKit returns, adjusted).
    static let listSectionKeys: KeySet = ["list", "contentInsets", "interGroupSpacing"]
    static let listEnvironmentKeys: KeySet = [
        "generation", "contentSizeCategory", "wideContentMargins", "collapsedTopSpacing", "includeBackgroundDecorations", "includeSeparators",
    ]
    static let separatorConfigurationKeys: KeySet = [
        "topSeparatorVisibility", "bottomSeparatorVisibility", "topSeparatorInsets", "bottomSeparatorInsets",
    ]

    /// `{"appearance": …, "headerMode": …}`: every member optional (UIKit's defaults: plain, none, none).
    /// `scale`: the screen scale, below whose pixel a `rowHeight` is refused (frames are rounded
    /// to the pixel, R45: a row of 1e-300 pt was drawn with height 0, issue 33).
    mutating func listConfiguration(_ field: JSONField, scale: Double) throws(FieldError) -> ListSectionConfiguration {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: Self.listKeys)
        var list = ListSectionConfiguration()
        list.appearance = try o.value("appearance", default: .plain) { f throws(FieldError) in try listEnum(f, ListAppearance.self, default: .plain) }
        list.headerMode = try o.value("headerMode", default: .none) { f throws(FieldError) in try listEnum(f, ListHeaderMode.self, default: .none) }
        list.footerMode = try o.value("footerMode", default: .none) { f throws(FieldError) in try listEnum(f, ListFooterMode.self, default: .none) }
        // Negative means automatic, as UIKit's UICollectionViewListSectionHeaderTopPaddingAutomatic.
        if let f = try o.member("headerTopPadding") {
            let v = try finite(f)
            list.headerTopPadding = v < 0 ? nil : v
        }
        list.showsSeparators = try o.member("showsSeparators").map { f throws(FieldError) in try f.bool() }
        list.separatorConfiguration = try o.value("separatorConfiguration", default: .automatic) { f throws(FieldError) in
            try separatorConfiguration(f)
        }
        if let f = try o.member("rowHeight") {
            let v = try positive(f, what: "a row height in points (the SPI rowHeight; omit it for estimated rows)")
            let pixel = scale > 0 ? 1 / scale : 1
            if v < pixel {
                reject(f.pointer, "\(f.pointer) is \(Self.show(v)); rows are laid out on the pixel grid (frames rounded to 1/\(Self.show(scale)) pt), so a row shorter than one pixel would have no height. Give a row height of at least \(Self.show(pixel)) pt, or omit it for estimated rows.")
            } else {
                list.rowHeight = v
            }
        }
        return list
    }

    /// A layout section object holding `list`.
    mutating func listSection(_ o: JSONFieldObject, scale: Double) throws(FieldError) -> CompositionalSection {
        try o.rejectUnknownKeys(allowed: Self.listSectionKeys)
        var list = try listConfiguration(try o.required("list"), scale: scale)
        list.contentInsets = try o.member("contentInsets").map { f throws(FieldError) in try directionalInsets(f) }
        list.interGroupSpacing = try o.value("interGroupSpacing", default: 0) { f throws(FieldError) in try length(f) }
        return CompositionalSection.listSection(list)
    }

    mutating func listEnvironment(_ field: JSONField) throws(FieldError) -> ListEnvironment {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: Self.listEnvironmentKeys)
        var e = ListEnvironment()
        e.generation = try o.value("generation", default: .ios15to18) { f throws(FieldError) in try listEnum(f, ListGeneration.self, default: .ios15to18) }
        e.contentSizeCategory = try o.value("contentSizeCategory", default: .L) { f throws(FieldError) in try listEnum(f, ContentSizeCategory.self, default: .L) }
        e.wideContentMargins = try o.member("wideContentMargins").map { f throws(FieldError) in try f.bool() }
        e.collapsedTopSpacing = try o.value("collapsedTopSpacing", default: false) { f throws(FieldError) in try f.bool() }
        e.includeBackgroundDecorations = try o.value("includeBackgroundDecorations", default: true) { f throws(FieldError) in try f.bool() }
        e.includeSeparators = try o.value("includeSeparators", default: false) { f throws(FieldError) in try f.bool() }
        return e
    }

    /// An enum member; an unknown value is collected (422 naming the field, listing the accepted
    /// values) and reading goes on with the default, so one answer names every bad value.
    /// (Tables read their style with it too.)
    mutating func listEnum<E: RawRepresentable & CaseIterable>(_ f: JSONField, _ type: E.Type, default fallback: E) throws(FieldError) -> E
    where E.RawValue == String {
        do {
            return try f.enumValue(type)
        } catch {
            guard case .invalidValue(let pointer, let detail) = error else { throw error }
            reject(pointer, detail)
            return fallback
        }
    }

    private mutating func separatorConfiguration(_ field: JSONField) throws(FieldError) -> ListSeparatorConfiguration {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: Self.separatorConfigurationKeys)
        var c = ListSeparatorConfiguration()
        c.topSeparatorVisibility = try o.value("topSeparatorVisibility", default: .automatic) { f throws(FieldError) in try listEnum(f, ListSeparatorVisibility.self, default: .automatic) }
        c.bottomSeparatorVisibility = try o.value("bottomSeparatorVisibility", default: .automatic) { f throws(FieldError) in try listEnum(f, ListSeparatorVisibility.self, default: .automatic) }
        c.topSeparatorInsets = try o.member("topSeparatorInsets").map { f throws(FieldError) in try separatorInsets(f) }
        c.bottomSeparatorInsets = try o.member("bottomSeparatorInsets").map { f throws(FieldError) in try separatorInsets(f) }
        return c
    }

    private mutating func separatorInsets(_ field: JSONField) throws(FieldError) -> ListSeparatorInsets {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: WireKeys.leadingTrailing)
        return ListSeparatorInsets(leading: try o.value("leading", default: 0) { f throws(FieldError) in try length(f) },
                                   trailing: try o.value("trailing", default: 0) { f throws(FieldError) in try length(f) })
    }
}

/// `"type": "list"`, accepted as another name of `"compositional"`.
enum ListLayoutType {
    static let alias = "list"
}
