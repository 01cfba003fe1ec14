/// Stacking sections (R40), the layout's boundary items (R41) and the content size (R42, R47).
extension CompositionalBuilder {
    /// Layout sections solved once each, then every data section measured, the element count
    /// checked against `config.elementLimit`, then the elements written. O(layout sections ·
    /// solution size + elements).
    mutating func build() throws(CompositionalError) -> Layout {
        let cv = config.collectionView
        let counts = config.itemCounts
        // Bounded work: a floor on the element count (items, boundary items, decorations) before
        // anything is solved or measured, so many data sections repeating a layout section with
        // many boundary items are refused without placing them all first.
        var atLeast = config.boundarySupplementaryItems.count
        for (s, n) in counts.enumerated() {
            let l = config.layoutSectionIndex(forDataSection: s)
            // In place: the array getter would copy the section (a retain per array in it).
            let extra = config.sections.withUnsafeBufferPointer { $0[l].boundarySupplementaryItems.count + $0[l].decorationItems.count }
            let add = n > Int.max - extra ? Int.max : n + extra
            atLeast = atLeast > Int.max - add ? Int.max : atLeast + add
            guard atLeast <= config.elementLimit else { throw tooManyElements("at least \(atLeast)") }
        }
        // Data section s uses layout section min(s, last): the last layout section serves every
        // later data section, each other one only its own (no per-layout count array).
        let lastSection = config.sections.count - 1
        var solved: [SolvedSection?] = []
        solved.reserveCapacity(config.sections.count)
        let used = min(config.sections.count, counts.count)
        for l in 0..<used {
            // One copy of the section, kept by its SolvedSection (each copy retains its arrays).
            let section = config.sections[l]
            guard section.list == nil else { solved.append(nil); continue }
            let maxItems = l < lastSection ? counts[l] : counts[l...].reduce(0) { max($0, $1) }
            let budget = max(maxItems, CompositionalLayout.minimumSolutionItems)
            let insets = containerInsets(section.contentInsetsReference)
            solved.append(try SolvedSection(section, index: l, collectionView: cv, insets: insets,
                                            grid: grid, transposed: transposed, leafBudget: budget, mirrorsCustomItems: mirrorsCustomItems))
        }
        while solved.count < config.sections.count { solved.append(nil) }
        let preferred = preferredBySection()
        var plans: [MeasuredSection] = []
        plans.reserveCapacity(counts.count)
        var elements = config.boundarySupplementaryItems.count
        let listMetrics = ListMetrics(environment: config.listEnvironment, collectionView: cv)
        for (s, n) in counts.enumerated() {
            let l = config.layoutSectionIndex(forDataSection: s)
            let plan: MeasuredSection
            // A layout section is solved exactly when it is not a list (l < used always).
            if let solvedSection = solved[l] {
                plan = .group(try DataSectionPlan(section: s, solved: solvedSection, solvedIndex: l, count: n,
                                                  preferred: preferred[s] ?? [], width: cv.width, grid: grid))
            } else if let list = config.sections[l].list {
                plan = .list(try listPlan(s, layoutSection: l, list: list, count: n, metrics: listMetrics, preferred: preferred[s] ?? []))
            } else {
                continue
            }
            elements = elements > Int.max - plan.elementCount ? Int.max : elements + plan.elementCount
            plans.append(plan)
        }
        guard elements <= config.elementLimit else { throw tooManyElements("\(elements)") }
        // R40: sections stack; interSectionSpacing only between sections that have items.
        // (The emission loop below repeats this walk, the same additions in the same order, for
        // each section's start: no array of starts per layout.)
        var cursor = 0.0
        var seenItems = false
        // Plans by index: the array's iterator copies each one (retains).
        for i in plans.indices {
            if plans[i].count > 0 {
                if seenItems { cursor += config.interSectionSpacing }
                seenItems = true
            }
            cursor += plans[i].extent
        }
        // R41: the layout's boundary items around all sections.
        let (gl, gr) = containerInsets(config.contentInsetsReference)
        let globalContainer = LayoutContainer(size: Size(width: cv.width, height: cv.height),
                                              insets: DirectionalInsets(top: 0, leading: gl, bottom: 0, trailing: gr))
        let global = BoundaryPlacement(config.boundarySupplementaryItems,
                                       anchorRect: Rect(x: gl, y: 0, width: cv.width - gl - gr, height: cursor),
                                       container: globalContainer, grid: grid)
        let shift = global.above
        attributes.reserveCapacity(elements)
        sections.reserveCapacity(plans.count)
        let globals = config.boundarySupplementaryItems.enumerated()
        for (j, b) in globals where b.alignment.edges.contains(.top) {
            try emitGlobal(b, global.placed[j].frame, shift: shift, index: j)
        }
        var start = 0.0
        seenItems = false
        for s in plans.indices {
            if plans[s].count > 0 {
                if seenItems { start += config.interSectionSpacing }
                seenItems = true
            }
            switch plans[s].plan {
            case .group(let plan):
                if let solvedSection = solved[plan.solved] {
                    try emitSection(s, plan: plan, solved: solvedSection, y0: shift + start)
                }
            case .list(let plan):
                emitListSection(plan, y0: shift + start, metrics: listMetrics)
            }
            start += plans[s].extent
        }
        for (j, b) in globals where !b.alignment.edges.contains(.top) {
            try emitGlobal(b, global.placed[j].frame, shift: shift, index: j)
        }
        // R42/R47: cross size the container width, main size every section plus the global items;
        // rounded to the pixel in the modern generation only (the spec's legacy examples keep
        // the unrounded sum, e.g. 675.2 for two 337.6-pt groups).
        let height = shift + cursor + global.below
        var size = config.generation == .modern ? Size(width: grid.round(cv.width), height: grid.round(height))
            : Size(width: cv.width, height: height)
        if transposed { size = Size(width: size.height, height: size.width) }
        var layout = Layout(scrollDirection: transposed ? .horizontal : .vertical, contentSize: size,
                            attributes: attributes, sections: sections,
                            pinning: Pinning(headers: false, footers: false, scale: grid.scale,
                                             contentInset: transposed ? Self.transpose(cv.contentInset) : cv.contentInset),
                            elementKinds: kinds)
        layout.orthogonalScrolling = orthogonalScrolling
        if config.hasListSections {
            layout.pinning.selfPinnedZIndexRaise = ListZIndex.pinnedRaise
            layout.roundedSections = roundedSections
        }
        return layout
    }

    private mutating func emitGlobal(_ b: BoundarySupplementaryItem, _ frame: Rect, shift: Double, index: Int) throws(CompositionalError) {
        var f = frame
        f.origin.y += shift
        try check(f) { [.field(.layout), .field(.configuration), .field(.boundarySupplementaryItems), .index(index)] }
        emit(.supplementaryView, kind(b.elementKind), IndexPath(section: 0, item: 0), f, zIndex: b.zIndex,
             global: true, pins: b.pinToVisibleBounds)
    }

    private func tooManyElements(_ count: String) -> CompositionalError {
        CompositionalError(code: "TOO_MANY_ELEMENTS", path: [.field(.sections)],
                           message: "The layout would have \(count) elements (cells, item supplementaries, boundary items and decorations), over this server's cap of \(config.elementLimit) elements per request (--max-elements). Send fewer items or fewer supplementary items.")
    }

    static func transpose(_ i: Insets) -> Insets { Insets(top: i.left, left: i.top, bottom: i.right, right: i.bottom) }
}
