import HTTP
@testable import LayoutAPI
import JSON
import Testing

/// Ids are hashes of canonical forms, and stored rows, CDN caches and clients hold them: an id
/// handed out once must be handed out for the same request forever. These are the ids `main`
/// gave at the time this test was written (computed, then pinned), one minimal and one rich
/// request per layout type and per route that hands out ids; the rich ones set the members that
/// entered canonical forms later (right to left, readable insets, pinning, list sections,
/// measured sizes), so a writer that starts spelling a default out fails here.
/// If one of these fails, the change broke every id of that type: write the new member only
/// when it differs from its default (`JSONWriter.memberIfNotDefault`), never change the pin.
@Suite struct ContentIDPinTests {
    struct Pin: CustomTestStringConvertible, Sendable {
        let name: String
        let body: String
        let id: String
        var testDescription: String { name }
    }

    static let layouts: [Pin] = [
        Pin(name: "flow, every default",
            body: #"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":3}]}"#,
            id: "1276bb76407edf9a93b441a02593f676"),
        Pin(name: "flow, rich",
            body: #"{"collectionView":{"width":390,"height":844,"scale":3,"contentInset":{"top":4,"left":0,"bottom":8,"right":0},"safeAreaInsets":{"top":47,"left":0,"bottom":34,"right":0},"layoutMargins":{"top":8,"left":16,"bottom":8,"right":16},"layoutDirection":"rightToLeft","readableContentInsets":{"top":0,"left":20,"bottom":0,"right":20},"wideContentMargins":true},"layout":{"type":"flow","scrollDirection":"vertical","itemSize":{"width":90,"height":60},"minimumLineSpacing":6,"minimumInteritemSpacing":4,"sectionInset":{"top":10,"left":15,"bottom":20,"right":15},"headerReferenceSize":{"width":0,"height":40},"footerReferenceSize":{"width":0,"height":10},"sectionInsetReference":"fromSafeArea","sectionHeadersPinToVisibleBounds":true,"rowAlignment":{"commonRow":"left","lastRow":"center","vertical":"top"},"roundsToScreenScale":false,"estimatedItemSize":"automatic","swapsSpacingForMixedHorizontalSections":false},"sections":[{"numberOfItems":5},{"itemSizes":[{"width":120,"height":40},{"width":80,"height":20}],"minimumLineSpacing":2}]}"#,
            id: "0e8fb97a9abe30459d16e692746c5462"),
        Pin(name: "waterfall, every default",
            body: #"{"collectionView":{"width":320,"height":568},"layout":{"type":"waterfall"},"sections":[{"numberOfItems":4}]}"#,
            id: "b031c16c37eb6a50a390a2f7da829b1b"),
        Pin(name: "waterfall, rich, right to left",
            body: #"{"collectionView":{"width":320,"height":568,"layoutDirection":"rightToLeft"},"layout":{"type":"waterfall","columnCount":3,"minimumColumnSpacing":8,"minimumInteritemSpacing":6,"sectionInset":{"top":4,"left":4,"bottom":4,"right":4},"headerHeight":40,"footerHeight":12,"headerInset":{"top":1,"left":2,"bottom":3,"right":4},"itemRenderDirection":"rightToLeft","minimumContentHeight":900,"sectionHeadersPinToVisibleBounds":true},"sections":[{"itemSizes":[{"width":100,"height":150},{"width":100,"height":150},{"width":100,"height":100}]},{"numberOfItems":2,"itemSize":{"width":2,"height":3},"columnCount":2}]}"#,
            id: "4ceb884f2359c4a1687cdc3b67009427"),
        Pin(name: "columnFlow, every default",
            body: #"{"collectionView":{"width":768,"height":1024},"layout":{"type":"columnFlow"},"sections":[{"numberOfItems":3}]}"#,
            id: "999a2055bdfe388be03749464d52845a"),
        Pin(name: "columnFlow, rich",
            body: #"{"collectionView":{"width":768,"height":1024,"layoutMargins":{"top":0,"left":20,"bottom":0,"right":20},"layoutDirection":"rightToLeft"},"layout":{"type":"columnFlow","minimumColumnWidth":250,"cellHeight":60,"minimumLineSpacing":4,"minimumInteritemSpacing":2},"sections":[{"numberOfItems":7},{"numberOfItems":0}]}"#,
            id: "eaa6bb405d0199a0126f49f0273fcef6"),
        Pin(name: "grid, every default",
            body: #"{"collectionView":{"width":375,"height":667},"layout":{"type":"grid"},"sections":[{"numberOfItems":4}]}"#,
            id: "aad203c6001a80bbd8b5730445955720"),
        Pin(name: "grid, headers, footers and pinning",
            body: #"{"collectionView":{"width":390,"height":844,"scale":3},"layout":{"type":"grid","itemsPerLine":4,"sideMargin":6,"spacing":2,"lineSpacing":3,"aspectRatio":1,"topInset":5,"bottomInset":7,"headerReferenceSize":{"width":0,"height":44},"footerReferenceSize":{"width":0,"height":24},"sectionHeadersPinToVisibleBounds":true},"sections":[{"numberOfItems":9},{"numberOfItems":2,"headerReferenceSize":{"width":0,"height":30}}]}"#,
            id: "d0ae5fd5497467d066cf7fe6cfe94612"),
        Pin(name: "mosaic",
            body: #"{"collectionView":{"width":320,"height":568},"layout":{"type":"mosaic"},"sections":[{"numberOfItems":7}]}"#,
            id: "6718d3b4e0f8607f6921c0fd36e40cb0"),
        Pin(name: "mosaic, right to left",
            body: #"{"collectionView":{"width":320,"height":568,"layoutDirection":"rightToLeft"},"layout":{"type":"mosaic"},"sections":[{"numberOfItems":7}]}"#,
            id: "79a76d7c9023a198f385a7baf0b7ccf1"),
        Pin(name: "compositional, one section",
            body: #"{"collectionView":{"width":390,"height":844,"scale":3},"layout":{"type":"compositional","sections":[{"group":{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":100}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":0.5},"height":{"fractionalHeight":1}}}}]}}]},"sections":[{"numberOfItems":6}]}"#,
            id: "b9aeffb97736af77459c9720181b4689"),
        Pin(name: "compositional, rich",
            body: #"{"collectionView":{"width":390,"height":844,"scale":3,"layoutDirection":"rightToLeft"},"layout":{"type":"compositional","configuration":{"scrollDirection":"vertical","interSectionSpacing":12,"contentInsetsReference":"safeArea","readableContentInsets":{"top":0,"left":20,"bottom":0,"right":20},"boundarySupplementaryItems":[{"elementKind":"banner","alignment":"top","layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":50}},"pinToVisibleBounds":true}]},"sections":[{"group":{"orientation":"vertical","layoutSize":{"width":{"fractionalWidth":1},"height":{"estimated":200}},"count":2,"interItemSpacing":{"fixed":8},"contentInsets":{"top":1,"leading":2,"bottom":3,"trailing":4},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"estimated":44}},"contentInsets":{"top":2,"leading":2,"bottom":2,"trailing":2},"supplementaryItems":[{"elementKind":"badge","layoutSize":{"width":{"absolute":20},"height":{"absolute":20}},"containerAnchor":{"edges":["top","trailing"],"absoluteOffset":{"x":5,"y":-5}}}]}}]},"contentInsets":{"top":10,"leading":10,"bottom":10,"trailing":10},"interGroupSpacing":6,"orthogonalScrollingBehavior":"continuous","boundarySupplementaryItems":[{"elementKind":"header","alignment":"top","layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":30}}}],"decorationItems":[{"elementKind":"background","contentInsets":{"top":0,"leading":0,"bottom":0,"trailing":0}}]},{"group":{"custom":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":200}},"frames":[{"x":0,"y":0,"width":100,"height":100},{"x":100,"y":0,"width":50,"height":200,"zIndex":2}]}}}]},"sections":[{"numberOfItems":4},{"numberOfItems":3}]}"#,
            id: "4c6dbea2b4e52b8cbeb92867f58e736a"),
        Pin(name: "list, every default",
            body: #"{"collectionView":{"width":375,"height":812,"scale":3},"layout":{"type":"list"},"sections":[{"numberOfItems":3}]}"#,
            id: "f049644ea1018cfba935ea0ca377a13d"),
        Pin(name: "list, supplementary headers and measured heights",
            body: #"{"collectionView":{"width":375,"height":812,"scale":3},"layout":{"type":"list","list":{"appearance":"insetGrouped","headerMode":"supplementary","footerMode":"supplementary","headerTopPadding":4,"showsSeparators":true,"rowHeight":50},"listEnvironment":{"generation":"ios26","contentSizeCategory":"XL","wideContentMargins":false,"collapsedTopSpacing":true}},"sections":[{"numberOfItems":3},{"numberOfItems":2}],"preferredSupplementarySizes":[{"elementKind":"UICollectionElementKindSectionHeader","indexPath":[1,0],"height":61}]}"#,
            id: "cfaf69050be5fde50ecf7f0c52ae0d8b"),
        Pin(name: "compositional with a list section",
            body: #"{"collectionView":{"width":393,"height":852,"scale":3},"layout":{"type":"compositional","sections":[{"list":{"appearance":"grouped","headerMode":"firstItemInSection"},"contentInsets":{"top":0,"leading":0,"bottom":8,"trailing":0}},{"group":{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":80}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":0.25},"height":{"fractionalHeight":1}}}}]}}]},"sections":[{"numberOfItems":3},{"numberOfItems":8}]}"#,
            id: "69dff0e07e8709e6d232f7f67b0ab1d7"),
        Pin(name: "table, every default",
            body: #"{"collectionView":{"width":393,"height":852,"scale":3},"layout":{"type":"table"},"sections":[{"numberOfItems":2}]}"#,
            id: "32ce0d8c47901273fd6dea7864312145"),
        Pin(name: "table, grouped, measured",
            body: #"{"collectionView":{"width":393,"height":852,"scale":3},"layout":{"type":"table","style":"insetGrouped","rowHeight":44,"estimatedRowHeight":50,"sectionHeaderTopPadding":0,"tableHeaderView":{"height":100},"cellLayoutMarginsFollowReadableWidth":true,"separatorInset":{"top":0,"left":20,"bottom":0,"right":0},"listEnvironment":{"generation":"ios15to18","contentSizeCategory":"XXL"}},"sections":[{"numberOfItems":3,"rowHeights":[30,null,60],"headerTitle":"A","measuredRowHeights":[null,72,null]},{"numberOfItems":1,"hasHeaderView":true,"headerHeight":40,"footerTitle":"B","estimatedFooterHeight":20}]}"#,
            id: "335c7679cad081509ddf2b67fc95822e"),
    ]

    @Test(arguments: layouts)
    func postLayoutID(_ pin: Pin) {
        let app = LayoutApplication.make()
        let r = app.post(pin.body, headers: [("Content-Type", "application/json"), ("Prefer", "return=minimal")])
        #expect(r.status == 200, "\(r.text)")
        #expect(r.id == pin.id)
    }

    /// The same layout in another spelling (members reordered, defaults written out) is the same id.
    @Test func spelledOutDefaultsKeepTheID() {
        let app = LayoutApplication.make()
        let r = app.post(#"{"sections":[{"itemSize":{"height":50,"width":50},"numberOfItems":3}],"layout":{"type":"flow","minimumLineSpacing":10,"scrollDirection":"vertical","sectionInsetReference":"fromContentInset","roundsToScreenScale":true},"collectionView":{"height":667,"width":375,"scale":2,"layoutDirection":"leftToRight"}}"#)
        #expect(r.id == "1276bb76407edf9a93b441a02593f676")
    }

    struct InvalidationPin: CustomTestStringConvertible, Sendable {
        let name: String
        let layout: String
        let invalidation: String
        let id: String
        var testDescription: String { name }
    }

    /// `POST /layout/{id}/invalidate` hands out the id of the new layout (measured sizes merged,
    /// or the new bounds), which later requests name.
    static let invalidations: [InvalidationPin] = [
        InvalidationPin(name: "flow, measured sizes",
                        layout: #"{"collectionView":{"width":375,"height":667},"layout":{"estimatedItemSize":{"width":375,"height":44},"minimumLineSpacing":0},"sections":[{"numberOfItems":20}]}"#,
                        invalidation: #"{"preferredSizes":[{"indexPath":[0,2],"width":375,"height":90},{"indexPath":[0,0],"width":375,"height":61}]}"#,
                        id: "3253052f4c3eaaf3d800bfd1fb3b8947"),
        InvalidationPin(name: "flow, rotation",
                        layout: #"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":30}]}"#,
                        invalidation: #"{"bounds":{"x":0,"y":0,"width":667,"height":375}}"#,
                        id: "4bfb9e30cfa120edcb71932ae4104ffe"),
        InvalidationPin(name: "waterfall, new width",
                        layout: #"{"collectionView":{"width":320,"height":568},"layout":{"type":"waterfall","columnCount":2},"sections":[{"numberOfItems":6}]}"#,
                        invalidation: #"{"bounds":{"width":414,"height":568}}"#,
                        id: "feee7195b5f9e551722fb6b790bda79d"),
        InvalidationPin(name: "columnFlow, new width",
                        layout: #"{"collectionView":{"width":768,"height":1024},"layout":{"type":"columnFlow"},"sections":[{"numberOfItems":9}]}"#,
                        invalidation: #"{"bounds":{"width":1024,"height":768}}"#,
                        id: "8671e104d1b60cc305dc0a3fb4f7ca56"),
        InvalidationPin(name: "grid, new width",
                        layout: #"{"collectionView":{"width":375,"height":667},"layout":{"type":"grid","itemsPerLine":3},"sections":[{"numberOfItems":9}]}"#,
                        invalidation: #"{"bounds":{"width":414,"height":896}}"#,
                        id: "f03a9733d7a1b52e92207ab8c2e5a91a"),
        InvalidationPin(name: "mosaic, new width",
                        layout: #"{"collectionView":{"width":320,"height":568},"layout":{"type":"mosaic"},"sections":[{"numberOfItems":7}]}"#,
                        invalidation: #"{"bounds":{"width":568,"height":320}}"#,
                        id: "3e4765f0b93d86a339f5678b7d806c13"),
        InvalidationPin(name: "compositional, measured estimated cells",
                        layout: #"{"collectionView":{"width":390,"height":844,"scale":3},"layout":{"type":"compositional","sections":[{"group":{"orientation":"vertical","layoutSize":{"width":{"fractionalWidth":1},"height":{"estimated":44}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"estimated":44}}}}]}}]},"sections":[{"numberOfItems":5}]}"#,
                        invalidation: #"{"preferredSizes":[{"indexPath":[0,1],"width":390,"height":120}]}"#,
                        id: "56caad5aa9efe9fb40bb02b55a3e52da"),
        InvalidationPin(name: "list, measured header",
                        layout: #"{"collectionView":{"width":375,"height":812,"scale":3},"layout":{"type":"list","list":{"headerMode":"supplementary"}},"sections":[{"numberOfItems":3},{"numberOfItems":3}]}"#,
                        invalidation: #"{"preferredSizes":[{"elementKind":"UICollectionElementKindSectionHeader","indexPath":[0,0],"height":70},{"indexPath":[1,2],"width":375,"height":88}]}"#,
                        id: "ee3476339a9e104b3032a86a6cee3848"),
        InvalidationPin(name: "table, measured rows and header",
                        layout: #"{"collectionView":{"width":393,"height":852,"scale":3},"layout":{"type":"table","style":"grouped"},"sections":[{"numberOfItems":3,"headerTitle":"A"}]}"#,
                        invalidation: #"{"preferredSizes":[{"indexPath":[0,1],"height":80},{"elementKind":"header","indexPath":[0,0],"height":50}]}"#,
                        id: "c151d5a39fe49ae8b90eb2bc245feb75"),
        InvalidationPin(name: "table, new width",
                        layout: #"{"collectionView":{"width":393,"height":852,"scale":3},"layout":{"type":"table"},"sections":[{"numberOfItems":3}]}"#,
                        invalidation: #"{"bounds":{"width":852,"height":393}}"#,
                        id: "ae700dc108b4e1f87d72cc251f6caec9"),
    ]

    @Test(arguments: invalidations)
    func invalidationID(_ pin: InvalidationPin) {
        let app = LayoutApplication.make()
        let posted = app.post(pin.layout, headers: [("Content-Type", "application/json"), ("Prefer", "return=minimal")])
        #expect(posted.status == 200, "\(posted.text)")
        guard let base = posted.id else { return }
        let r = app.post(pin.invalidation, target: "/layout/\(base)/invalidate",
                         headers: [("Content-Type", "application/json"), ("Prefer", "return=minimal")])
        #expect(r.status == 200, "\(r.text)")
        #expect(r.id == pin.id)
        #expect(r.id != base)
        #expect(r.header("Location") == "/layout/\(pin.id)")
    }
}

/// The helpers canonical writers grow by: nothing at the default, `,"key":value` otherwise.
@Suite struct CanonicalMemberTests {
    static func written(_ body: (inout JSONWriter) -> Void) -> String {
        var w = JSONWriter()
        body(&w)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    @Test(arguments: [(0, ""), (3, #","n":3"#)])
    func notDefault(_ value: Int, _ expected: String) {
        #expect(Self.written { $0.memberIfNotDefault("n", value, default: 0) { $0.int($1) } } == expected)
    }

    @Test(arguments: [(nil, ""), (Optional("rightToLeft"), #","dir":"rightToLeft""#)])
    func set(_ value: String?, _ expected: String) {
        #expect(Self.written { $0.memberIfSet("dir", value) { $0.string($1) } } == expected)
    }

    @Test(arguments: [(true, ""), (false, #","pin":[true]"#)])
    func unlessDefault(_ isDefault: Bool, _ expected: String) {
        #expect(Self.written { $0.memberUnlessDefault("pin", isDefault: isDefault) { $0.raw("[true]") } } == expected)
    }
}
