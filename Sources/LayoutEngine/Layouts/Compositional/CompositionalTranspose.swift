/// Horizontal scrolling is the vertical layout of the request with x and y swapped ("the same
/// rules with the axes swapped", spec scope): widths become heights, leading edges top edges,
/// horizontal groups vertical ones. The builder swaps every frame back as it writes it.
extension CompositionalConfiguration {
    var transposedForSolving: CompositionalConfiguration {
        var c = self
        let cv = collectionView
        c.collectionView = CollectionViewMetrics(width: cv.height, height: cv.width, scale: cv.scale,
                                                 contentInset: CompositionalBuilder.transpose(cv.contentInset),
                                                 safeAreaInsets: CompositionalBuilder.transpose(cv.safeAreaInsets),
                                                 layoutMargins: CompositionalBuilder.transpose(cv.layoutMargins))
        c.readableContentInsets = readableContentInsets.map(CompositionalBuilder.transpose)
        c.scrollDirection = .vertical
        c.boundarySupplementaryItems = boundarySupplementaryItems.map(\.transposed)
        c.sections = sections.map(\.transposed)
        var sizes: [IndexPath: Size] = [:]
        for (ip, s) in preferredSizes { sizes[ip] = Size(width: s.height, height: s.width) }
        c.preferredSizes = sizes
        return c
    }
}

extension CompositionalSection {
    var transposed: CompositionalSection {
        var s = self
        s.group = group.transposed
        s.contentInsets = contentInsets.transposed
        s.boundarySupplementaryItems = boundarySupplementaryItems.map(\.transposed)
        s.decorationItems = decorationItems.map { d in
            var t = d
            t.contentInsets = d.contentInsets.transposed
            return t
        }
        return s
    }
}

extension CompositionalGroup {
    var transposed: CompositionalGroup {
        var g = self
        g.orientation = orientation == .horizontal ? .vertical : .horizontal
        g.layoutSize = layoutSize.transposed
        g.contentInsets = contentInsets.transposed
        g.edgeSpacing = edgeSpacing.transposed
        g.custom = custom?.transposed
        g.subitems = subitems.map { sub in
            switch sub {
            case .item(let i): .item(i.transposed)
            case .group(let child): .group(child.transposed)
            }
        }
        return g
    }
}

extension CompositionalItem {
    var transposed: CompositionalItem {
        CompositionalItem(layoutSize: layoutSize.transposed, contentInsets: contentInsets.transposed,
                          edgeSpacing: edgeSpacing.transposed, supplementaryItems: supplementaryItems.map(\.transposed))
    }
}

extension CompositionalSupplementaryItem {
    var transposed: CompositionalSupplementaryItem {
        CompositionalSupplementaryItem(elementKind: elementKind, layoutSize: layoutSize.transposed,
                                       containerAnchor: containerAnchor.transposed, itemAnchor: itemAnchor?.transposed,
                                       zIndex: zIndex, contentInsets: contentInsets.transposed)
    }
}

extension BoundarySupplementaryItem {
    var transposed: BoundarySupplementaryItem {
        var b = self
        b.alignment = alignment.transposed
        b.layoutSize = layoutSize.transposed
        b.absoluteOffset = Point(x: absoluteOffset.y, y: absoluteOffset.x)
        b.contentInsets = contentInsets.transposed
        return b
    }
}
