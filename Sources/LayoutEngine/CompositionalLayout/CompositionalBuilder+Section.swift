/// Writing one data section's elements: decorations (R35), boundary items (R29), cells from the
/// shared solution (R22) and item supplementaries (R34), contiguous and in that order.
extension CompositionalBuilder {
    mutating func emitSection(_ s: Int, plan: DataSectionPlan, solved p: SolvedSection, y0: Double) throws(CompositionalError) {
        let sec = p.section
        let width = config.collectionView.width
        let path: [CompositionalError.PathComponent] = [.key("layout"), .key("sections"), .index(p.index)]
        let start = attributes.count
        let decorated = !sec.decorationItems.isEmpty
        let sectionIP = IndexPath(section: s, item: 0)
        // R35: the whole section (extending boundary items and insets included), full container width.
        for (j, d) in sec.decorationItems.enumerated() {
            let rect = Rect(x: p.containerLeading, y: y0, width: width - p.containerLeading - p.containerTrailing, height: plan.extent)
            let frame = d.contentInsets.inset(rect)
            try check(frame, path: path.appending("decorationItems", j))
            emit(.decorationView, kind(d.elementKind), sectionIP, frame, zIndex: d.zIndex)
        }
        let hostTop = y0 + plan.boundary.above
        let boundaryStart = attributes.count
        for (j, b) in sec.boundarySupplementaryItems.enumerated() {
            var frame = plan.boundary.placed[j].frame
            frame.origin.y += hostTop
            try check(frame, path: path.appending("boundarySupplementaryItems", j))
            emit(.supplementaryView, kind(b.elementKind), sectionIP, frame, zIndex: decorated ? max(b.zIndex, 1) : b.zIndex,
                 pins: b.pinToVisibleBounds)
        }
        let (header, footer) = BoundaryPlacement.headerFooter(sec.boundarySupplementaryItems)
        // R22: item i at leaf (i mod n) of repetition (i div n); R32: cells above a background.
        let cellStart = attributes.count
        let n = p.solution.leaves.count
        let count = plan.count
        let groups = count == 0 ? 0 : (count + n - 1) / n
        let origin = Point(x: p.contentOrigin.x, y: hostTop + sec.contentInsets.top + p.contentOrigin.y)
        let cellZ = decorated ? 1 : 0
        let spacing = sec.interGroupSpacing
        var along = 0.0
        var hasBadges = !p.solution.badges.isEmpty
        for r in 0..<groups {
            let rep = plan.custom[r]
            let solution = rep?.solution ?? p.solution
            if rep != nil, !solution.badges.isEmpty { hasBadges = true }
            let dx = p.orthogonal ? origin.x + along : origin.x
            let dy = p.orthogonal ? origin.y : origin.y + along
            let first = r * n
            for k in 0..<min(n, count - first) {
                let leaf = solution.leaves[k]
                let frame = Rect(x: leaf.cell.origin.x + dx, y: leaf.cell.origin.y + dy, width: leaf.cell.size.width, height: leaf.cell.size.height)
                emit(.cell, nil, IndexPath(section: s, item: first + k), frame, zIndex: cellZ, estimated: leaf.isEstimated)
            }
            along += (rep?.extent ?? p.extent) + spacing
        }
        let cellEnd = attributes.count
        if hasBadges { try emitBadges(s, plan: plan, solved: p, origin: origin, zFloor: decorated ? 1 : Int.min) }
        var orthogonalSize: Size?
        if p.orthogonal {
            let si = sec.contentInsets
            let o = Size(width: p.containerLeading + si.leading + plan.contentMain + si.trailing + p.containerTrailing, height: plan.hostHeight)
            orthogonalSize = transposed ? Size(width: o.height, height: o.width) : o
        }
        _ = start
        sections.append(SectionGeometry(minScroll: y0, maxScroll: y0 + plan.extent,
                                        headerIndex: header.map { boundaryStart + $0 }, footerIndex: footer.map { boundaryStart + $0 },
                                        cells: cellStart..<cellEnd, orthogonalContentSize: orthogonalSize))
    }

    /// R34: item supplementaries, item by item after the cells, each at its cell's origin.
    private mutating func emitBadges(_ s: Int, plan: DataSectionPlan, solved p: SolvedSection, origin: Point, zFloor: Int) throws(CompositionalError) {
        let n = p.solution.leaves.count
        let groups = plan.count == 0 ? 0 : (plan.count + n - 1) / n
        var kindCache: [String: SupplementaryKind] = [:]
        var along = 0.0
        for r in 0..<groups {
            let rep = plan.custom[r]
            let solution = rep?.solution ?? p.solution
            let dx = p.orthogonal ? origin.x + along : origin.x
            let dy = p.orthogonal ? origin.y : origin.y + along
            let first = r * n
            for k in 0..<min(n, plan.count - first) {
                let leaf = solution.leaves[k]
                guard leaf.badgeCount > 0 else { continue }
                for b in Int(leaf.badgeStart)..<Int(leaf.badgeStart + leaf.badgeCount) {
                    let badge = solution.badges[b]
                    let frame = Rect(x: leaf.cell.origin.x + dx + badge.frame.origin.x, y: leaf.cell.origin.y + dy + badge.frame.origin.y,
                                     width: badge.frame.size.width, height: badge.frame.size.height)
                    let badgeKind: SupplementaryKind
                    if let cached = kindCache[badge.kind] { badgeKind = cached } else { badgeKind = kind(badge.kind); kindCache[badge.kind] = badgeKind }
                    emit(.supplementaryView, badgeKind, IndexPath(section: s, item: first + k), frame, zIndex: max(badge.zIndex, zFloor))
                }
            }
            along += (rep?.extent ?? p.extent) + p.section.interGroupSpacing
        }
    }
}
