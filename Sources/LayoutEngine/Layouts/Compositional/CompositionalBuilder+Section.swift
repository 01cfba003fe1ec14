/// Writing one data section's elements: decorations (R35), boundary items (R29), cells from the
/// shared solution (R22) and item supplementaries (R34), contiguous and in that order.
extension CompositionalBuilder {
    mutating func emitSection(_ s: Int, plan: DataSectionPlan, solved p: SolvedSection, y0: Double) throws(CompositionalError) {
        let width = config.collectionView.width
        let index = p.index
        func path() -> [CompositionalError.PathComponent] { [.field(.layout), .field(.sections), .index(index)] }
        let decorated = !p.section.decorationItems.isEmpty
        let sectionIP = IndexPath(section: s, item: 0)
        // R35: the whole section (extending boundary items and insets included), full container width.
        for (j, d) in p.section.decorationItems.enumerated() {
            let rect = Rect(x: p.containerLeading, y: y0, width: width - p.containerLeading - p.containerTrailing, height: plan.extent)
            let frame = d.contentInsets.inset(rect)
            try check(frame) { path().appending(.decorationItems, j) }
            emit(.decorationView, kind(d.elementKind), sectionIP, frame, zIndex: d.zIndex)
        }
        let hostTop = y0 + plan.boundary.above
        let boundaryStart = attributes.count
        for (j, b) in p.section.boundarySupplementaryItems.enumerated() {
            var frame = plan.boundary.placed[j].frame
            frame.origin.y += hostTop
            try check(frame) { path().appending(.boundarySupplementaryItems, j) }
            emit(.supplementaryView, kind(b.elementKind), sectionIP, frame, zIndex: decorated ? max(b.zIndex, 1) : b.zIndex,
                 pins: b.pinToVisibleBounds)
        }
        let (header, footer) = BoundaryPlacement.headerFooter(p.section.boundarySupplementaryItems)
        // R22: item i at leaf (i mod n) of repetition (i div n); R32: cells above a background.
        let cellStart = attributes.count
        let n = p.solution.leaves.count
        let count = plan.count
        let groups = count == 0 ? 0 : (count + n - 1) / n
        let origin = Point(x: p.contentOrigin.x, y: hostTop + p.section.contentInsets.top + p.contentOrigin.y)
        let cellZ = decorated ? 1 : 0
        let spacing = p.section.interGroupSpacing
        var hasBadges = !p.solution.badges.isEmpty
        var out = attributes
        attributes = []
        let alongX = p.orthogonal
        let start = alongX ? origin.x : origin.y
        let stride = p.extent + spacing
        var customDelta = 0.0
        let grid = grid, transposed = transposed, referenceCells = referenceCells
        // The fixed parts in scratch (on the stack when small), not a per-layout array.
        let custom = plan.custom
        Self.withFixedParts(p.solution.leaves, origin: origin, alongX: alongX, grid: grid) { plainFixed in
            if custom.isEmpty {
                // The common case, no self-sized repetition: the whole section in one append.
                Self.appendCells(p.solution.leaves, fixed: plainFixed, count: count, section: s, first: 0, start: start, stride: stride,
                                 alongX: alongX, zIndex: cellZ, grid: grid, transposed: transposed, oneByOne: referenceCells, into: &out)
            } else {
                for r in 0..<groups {
                    let first = r * n
                    let c = min(n, count - first)
                    // R22: repetition r at r · (E + interGroupSpacing); self-sized ones shift those after.
                    let along = start + (Double(r) * stride + customDelta)
                    if let rep = custom[r] {
                        if !rep.solution.badges.isEmpty { hasBadges = true }
                        Self.withFixedParts(rep.solution.leaves, origin: origin, alongX: alongX, grid: grid) { fixed in
                            Self.appendCells(rep.solution.leaves, fixed: fixed, count: min(c, rep.solution.leaves.count), section: s, first: first,
                                             start: along, stride: 0, alongX: alongX, zIndex: cellZ,
                                             grid: grid, transposed: transposed, oneByOne: referenceCells, into: &out)
                        }
                        customDelta += rep.extent - p.extent
                    } else {
                        Self.appendCells(p.solution.leaves, fixed: plainFixed, count: c, section: s, first: first, start: along, stride: 0,
                                         alongX: alongX, zIndex: cellZ, grid: grid, transposed: transposed, oneByOne: referenceCells, into: &out)
                    }
                }
            }
        }
        attributes = out
        let cellEnd = attributes.count
        if hasBadges { try emitBadges(s, plan: plan, solved: p, origin: origin, zFloor: decorated ? 1 : Int.min) }
        var orthogonalSize: Size?
        if p.orthogonal {
            let si = p.section.contentInsets
            let o = Size(width: p.containerLeading + si.leading + plan.contentMain + si.trailing + p.containerTrailing, height: plan.hostHeight)
            orthogonalSize = transposed ? Size(width: o.height, height: o.width) : o
            // N19-N21: the scroller is the section's frame clamped to the container (its width
            // pixel-rounded), its content the section's insets and groups along the axis.
            orthogonalScrolling[s] = OrthogonalScrollGeometry(
                behavior: p.section.orthogonalScrollingBehavior, groupExtent: p.rootSize.width, interGroupSpacing: spacing,
                viewport: grid.round(width - p.containerLeading - p.containerTrailing),
                contentLength: si.leading + plan.contentMain + si.trailing, scale: grid.scale)
        }
        sections.append(SectionGeometry(minScroll: y0, maxScroll: y0 + plan.extent,
                                        headerIndex: header.map { boundaryStart + $0 }, footerIndex: footer.map { boundaryStart + $0 },
                                        cells: cellStart..<cellEnd, orthogonalContentSize: orthogonalSize))
    }

    /// Cells `first ..< first + count` from repetitions of `leaves` starting at `start` on the
    /// repetition axis, `stride` apart (one repetition when `count` fits in `leaves`), as one
    /// `append(contentsOf:)` (see `SectionCellRun`).
    @inline(__always)
    static func appendCells(_ leaves: [GroupSolution.Leaf], fixed: UnsafeBufferPointer<Rect>, count: Int, section: Int, first: Int, start: Double,
                            stride: Double, alongX: Bool, zIndex: Int, grid: PixelGrid, transposed: Bool,
                            oneByOne: Bool = false, into out: inout [LayoutAttributes]) {
        leaves.withUnsafeBufferPointer { leaves in
            let run = SectionCellRun(leaves: leaves, fixed: fixed, count: count, section: section, first: first,
                                     start: start, stride: stride, alongX: alongX, zIndex: zIndex, grid: grid,
                                     transposed: transposed)
            // The bulk copy (`SectionCellRun._copyContents`), or the reference: `next()` per cell.
            if oneByOne { out.append(contentsOf: IteratorSequence(run)) } else { out.append(contentsOf: run) }
        }
    }

    /// Per leaf: the rounded size and the rounded coordinate across the repetition axis, in
    /// scratch for `body` (on the stack when small: no array per layout).
    static func withFixedParts<R>(_ leaves: [GroupSolution.Leaf], origin: Point, alongX: Bool, grid: PixelGrid,
                                  _ body: (UnsafeBufferPointer<Rect>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Rect.self, capacity: leaves.count) { fixed in
            for (i, leaf) in leaves.enumerated() {
                let c = leaf.cell
                fixed.initializeElement(at: i, to: Rect(x: alongX ? 0 : grid.round(c.origin.x + origin.x), y: alongX ? grid.round(c.origin.y + origin.y) : 0,
                                                       width: grid.round(c.size.width), height: grid.round(c.size.height)))
            }
            return body(UnsafeBufferPointer(fixed))
        }
    }

    /// R34: item supplementaries, item by item after the cells, each at its cell's origin.
    private mutating func emitBadges(_ s: Int, plan: DataSectionPlan, solved p: SolvedSection, origin: Point, zFloor: Int) throws(CompositionalError) {
        let n = p.solution.leaves.count
        let groups = plan.count == 0 ? 0 : (plan.count + n - 1) / n
        var kindCache: [String: SupplementaryKind] = [:]
        let stride = p.extent + p.section.interGroupSpacing
        var customDelta = 0.0
        for r in 0..<groups {
            let along = Double(r) * stride + customDelta
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
            if let rep { customDelta += rep.extent - p.extent }
        }
    }
}
