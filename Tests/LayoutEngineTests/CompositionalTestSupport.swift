import LayoutEngine
import Testing

/// Factories for compositional configurations in rule tests.
enum Comp {
    static func item(_ w: CompositionalDimension, _ h: CompositionalDimension, insets: DirectionalInsets = .zero,
                     edges: EdgeSpacing = .none, badges: [CompositionalSupplementaryItem] = []) -> CompositionalSubitem {
        .item(CompositionalItem(layoutSize: CompositionalSize(width: w, height: h), contentInsets: insets,
                                edgeSpacing: edges, supplementaryItems: badges))
    }

    static func group(_ o: GroupOrientation, _ w: CompositionalDimension, _ h: CompositionalDimension, _ subitems: [CompositionalSubitem],
                      count: Int? = nil, kind: GroupCountKind = .subitemCount, spacing: CompositionalSpacing? = nil,
                      insets: DirectionalInsets = .zero) -> CompositionalGroup {
        CompositionalGroup(orientation: o, layoutSize: CompositionalSize(width: w, height: h), subitems: subitems,
                           count: count, countKind: kind, interItemSpacing: spacing, contentInsets: insets)
    }

    /// Apple's List: full-width rows of `height` points.
    static func list(_ height: Double = 44) -> CompositionalSection {
        CompositionalSection(group: group(.horizontal, .fractionalWidth(1), .absolute(height), [item(.fractionalWidth(1), .fractionalHeight(1))]))
    }

    static func config(_ sections: [CompositionalSection], _ counts: [Int], width: Double = 390, height: Double = 844,
                       scale: Double = 3) -> CompositionalConfiguration {
        CompositionalConfiguration(collectionView: CollectionViewMetrics(width: width, height: height, scale: scale),
                                   sections: sections, itemCounts: counts)
    }

    static func cells(_ layout: Layout) -> [Rect] {
        layout.attributes.filter { $0.category == .cell }.map(\.frame)
    }

    static func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    /// Frames equal to 1e-3 (values are thirds at @3x).
    static func same(_ a: [Rect], _ b: [Rect]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { p in
            abs(p.0.minX - p.1.minX) < 1e-3 && abs(p.0.minY - p.1.minY) < 1e-3
                && abs(p.0.width - p.1.width) < 1e-3 && abs(p.0.height - p.1.height) < 1e-3
        }
    }

    static func error(_ c: CompositionalConfiguration) -> CompositionalError? {
        do {
            _ = try CompositionalLayout.layout(c)
            return nil
        } catch {
            return error
        }
    }
}
