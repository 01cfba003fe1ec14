import Foundation
import LayoutEngine

/// Reads ../Fixtures/compositional-examples.json (the spec's compositional-examples.json)
/// into engine configurations, the request schema of the spec mapped field by field. Tests only:
/// the engine itself imports no Foundation.
enum CompositionalFixtures {
    struct Example {
        var name: String
        var configuration: CompositionalConfiguration
        var expected: Expected
        var expectedLegacy: Expected?
    }

    struct Expected {
        var contentSize: Size
        var elements: [(category: String, kind: String?, indexPath: [Int], frame: Rect)]
    }

    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/compositional-examples.json")

    static func load() throws -> [Example] {
        let data = try Data(contentsOf: url)
        let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return list.map { e in
            Example(name: e["name"] as? String ?? "", configuration: configuration(e["request"] as? [String: Any] ?? [:]),
                    expected: expected(e["expected"] as? [String: Any] ?? [:]),
                    expectedLegacy: (e["expectedLegacy"] as? [String: Any]).map(expected))
        }
    }

    static func expected(_ o: [String: Any]) -> Expected {
        let cs = o["contentSize"] as? [String: Any] ?? [:]
        let elements = (o["elements"] as? [[String: Any]] ?? []).map { el in
            (category: el["category"] as? String ?? "", kind: el["kind"] as? String,
             indexPath: el["indexPath"] as? [Int] ?? [], frame: rect(el["frame"] as? [String: Any] ?? [:]))
        }
        return Expected(contentSize: Size(width: num(cs["width"]), height: num(cs["height"])), elements: elements)
    }

    static func configuration(_ r: [String: Any]) -> CompositionalConfiguration {
        let cv = r["collectionView"] as? [String: Any] ?? [:]
        let safe = cv["safeAreaInsets"] as? [String: Any] ?? [:]
        let metrics = CollectionViewMetrics(width: num(cv["width"]), height: num(cv["height"]), scale: num(cv["scale"] ?? 2),
                                            safeAreaInsets: Insets(top: num(safe["top"]), left: num(safe["left"]),
                                                                   bottom: num(safe["bottom"]), right: num(safe["right"])))
        let layout = r["layout"] as? [String: Any] ?? [:]
        let conf = layout["configuration"] as? [String: Any] ?? [:]
        let counts = (r["sections"] as? [[String: Any]] ?? []).map { Int(num($0["numberOfItems"])) }
        return CompositionalConfiguration(
            collectionView: metrics,
            scrollDirection: (conf["scrollDirection"] as? String) == "horizontal" ? .horizontal : .vertical,
            interSectionSpacing: num(conf["interSectionSpacing"]),
            boundarySupplementaryItems: (conf["boundarySupplementaryItems"] as? [[String: Any]] ?? []).map(boundary),
            sections: (layout["sections"] as? [[String: Any]] ?? []).map(section), itemCounts: counts)
    }

    static func section(_ s: [String: Any]) -> CompositionalSection {
        CompositionalSection(
            group: group(s["group"] as? [String: Any] ?? [:]), contentInsets: insets(s["contentInsets"]),
            interGroupSpacing: num(s["interGroupSpacing"]),
            supplementariesFollowContentInsets: s["supplementariesFollowContentInsets"] as? Bool ?? true,
            boundarySupplementaryItems: (s["boundarySupplementaryItems"] as? [[String: Any]] ?? []).map(boundary),
            decorationItems: (s["decorationItems"] as? [[String: Any]] ?? []).map {
                DecorationItem(elementKind: $0["elementKind"] as? String ?? "", contentInsets: insets($0["contentInsets"]))
            },
            orthogonalScrollingBehavior: OrthogonalScrollingBehavior(rawValue: s["orthogonalScrollingBehavior"] as? String ?? "none") ?? .none)
    }

    static func group(_ g: [String: Any]) -> CompositionalGroup {
        let subitems: [CompositionalSubitem] = (g["subitems"] as? [[String: Any]] ?? []).map { sub in
            if let i = sub["item"] as? [String: Any] { return .item(item(i)) }
            return .group(group(sub["group"] as? [String: Any] ?? [:]))
        }
        return CompositionalGroup(
            orientation: GroupOrientation(rawValue: g["orientation"] as? String ?? "horizontal") ?? .horizontal,
            layoutSize: size(g["layoutSize"]), subitems: subitems, count: (g["count"] as? NSNumber)?.intValue,
            countKind: GroupCountKind(rawValue: g["countKind"] as? String ?? "subitemCount") ?? .subitemCount,
            interItemSpacing: spacing(g["interItemSpacing"]), contentInsets: insets(g["contentInsets"]))
    }

    static func item(_ i: [String: Any]) -> CompositionalItem {
        let edges = i["edgeSpacing"] as? [String: Any] ?? [:]
        return CompositionalItem(
            layoutSize: size(i["layoutSize"]), contentInsets: insets(i["contentInsets"]),
            edgeSpacing: EdgeSpacing(leading: spacing(edges["leading"]), top: spacing(edges["top"]),
                                     trailing: spacing(edges["trailing"]), bottom: spacing(edges["bottom"])),
            supplementaryItems: (i["supplementaryItems"] as? [[String: Any]] ?? []).map { s in
                let anchor = s["containerAnchor"] as? [String: Any] ?? [:]
                let fractional = anchor["fractionalOffset"] as? [String: Any]
                let absolute = anchor["absoluteOffset"] as? [String: Any]
                let offset = fractional ?? absolute ?? [:]
                return CompositionalSupplementaryItem(
                    elementKind: s["elementKind"] as? String ?? "", layoutSize: size(s["layoutSize"]),
                    containerAnchor: CompositionalAnchor(edges: edgesOf(anchor["edges"] as? [String] ?? []),
                                                         offset: Point(x: num(offset["x"]), y: num(offset["y"])),
                                                         isFractionalOffset: fractional != nil),
                    zIndex: Int(num(s["zIndex"] ?? 1)))
            })
    }

    static func boundary(_ b: [String: Any]) -> BoundarySupplementaryItem {
        let offset = b["absoluteOffset"] as? [String: Any] ?? [:]
        return BoundarySupplementaryItem(
            elementKind: b["elementKind"] as? String ?? "", alignment: BoundaryAlignment(rawValue: b["alignment"] as? String ?? "top") ?? .top,
            layoutSize: size(b["layoutSize"]), absoluteOffset: Point(x: num(offset["x"]), y: num(offset["y"])),
            extendsBoundary: b["extendsBoundary"] as? Bool ?? true, pinToVisibleBounds: b["pinToVisibleBounds"] as? Bool ?? false,
            zIndex: Int(num(b["zIndex"] ?? 1)))
    }

    static func edgesOf(_ names: [String]) -> AnchorEdges {
        var e: AnchorEdges = []
        for n in names {
            switch n {
            case "top": e.insert(.top)
            case "leading": e.insert(.leading)
            case "bottom": e.insert(.bottom)
            case "trailing": e.insert(.trailing)
            default: break
            }
        }
        return e
    }

    static func size(_ any: Any?) -> CompositionalSize {
        let o = any as? [String: Any] ?? [:]
        return CompositionalSize(width: dimension(o["width"]), height: dimension(o["height"]))
    }

    static func dimension(_ any: Any?) -> CompositionalDimension {
        let o = any as? [String: Any] ?? [:]
        if let v = o["absolute"] { return .absolute(num(v)) }
        if let v = o["fractionalWidth"] { return .fractionalWidth(num(v)) }
        if let v = o["fractionalHeight"] { return .fractionalHeight(num(v)) }
        return .estimated(num(o["estimated"]))
    }

    static func spacing(_ any: Any?) -> CompositionalSpacing? {
        guard let o = any as? [String: Any] else { return nil }
        if let v = o["flexible"] { return .flexible(num(v)) }
        return .fixed(num(o["fixed"]))
    }

    static func insets(_ any: Any?) -> DirectionalInsets {
        let o = any as? [String: Any] ?? [:]
        return DirectionalInsets(top: num(o["top"]), leading: num(o["leading"]), bottom: num(o["bottom"]), trailing: num(o["trailing"]))
    }

    static func rect(_ o: [String: Any]) -> Rect {
        Rect(x: num(o["x"]), y: num(o["y"]), width: num(o["width"]), height: num(o["height"]))
    }

    static func num(_ any: Any?) -> Double { (any as? NSNumber)?.doubleValue ?? 0 }
}
