/// One data section measured against its solved layout section, before any element is made:
/// repetitions, extent and the boundary items' place (R22-R29). Self-sized repetitions carry
/// their own solution (only those are solved again).
struct DataSectionPlan {
    /// A repetition solved again with measured sizes: its solution and extents.
    struct Repetition {
        var solution: GroupSolution
        var extent: Double
        var crossExtent: Double
    }

    var solved: Int
    var count: Int
    var custom: [Int: Repetition] = [:]
    /// Content extent along the section's layout axis (y, or x when orthogonal).
    var contentMain = 0.0
    /// Orthogonal sections: the row's height.
    var contentCross = 0.0
    /// top inset + content + bottom inset along the scroll axis.
    var hostHeight = 0.0
    var boundary = BoundaryPlacement()
    /// Along the scroll axis, header extension included.
    var extent = 0.0
    var elementCount = 0

    init(section: Int, solved s: SolvedSection, solvedIndex: Int, count: Int, preferred: [(item: Int, size: Size)],
         width: Double, grid: PixelGrid) throws(CompositionalError) {
        self.solved = solvedIndex
        self.count = count
        let n = s.solution.leaves.count
        let groups = count == 0 ? 0 : (count + n - 1) / n
        if !preferred.isEmpty {
            var byRepetition: [Int: [Int: Size]] = [:]
            for p in preferred where p.item >= 0 && p.item < count { byRepetition[p.item / n, default: [:]][p.item % n] = p.size }
            for (r, sizes) in byRepetition {
                let (solution, extent, cross) = try s.resolved(with: sizes)
                custom[r] = Repetition(solution: solution, extent: extent, crossExtent: cross)
            }
        }
        var main = 0.0, cross = 0.0, badges = 0
        var customBefore = 0
        for (r, rep) in custom where r < groups - 1 {
            main += rep.extent
            customBefore += 1
        }
        let plainBefore = max(groups - 1, 0) - customBefore
        main += Double(plainBefore) * s.extent
        if plainBefore > 0 || (groups > 0 && custom[groups - 1] == nil) { cross = s.crossExtent }
        for rep in custom.values { cross = max(cross, rep.crossExtent) }
        if groups > 0 {
            let last = custom[groups - 1]
            let lastCount = count - (groups - 1) * n
            main += s.lastExtent(last?.solution ?? s.solution, extent: last?.extent ?? s.extent, count: lastCount)
            main += s.section.interGroupSpacing * Double(groups - 1)
            // Badges: full repetitions of the plain solution, then the first items of the last.
            let perSolution = s.solution.badges.count
            let lastBadges = (last?.solution ?? s.solution).leaves.prefix(lastCount).reduce(0) { $0 + Int($1.badgeCount) }
            badges = (groups - 1) * perSolution + lastBadges
        }
        contentMain = main
        contentCross = cross
        let si = s.section.contentInsets
        hostHeight = si.top + (s.orthogonal ? (count > 0 ? cross : 0) : main) + si.bottom
        // R28: the auxiliary container follows the section's insets unless told not to.
        let follow = s.section.supplementariesFollowContentInsets
        let lead = s.containerLeading + (follow ? si.leading : 0), trail = s.containerTrailing + (follow ? si.trailing : 0)
        let container = LayoutContainer(size: s.root.size, insets: DirectionalInsets(top: 0, leading: lead, bottom: 0, trailing: trail))
        let anchor = Rect(x: lead, y: 0, width: width - lead - trail, height: hostHeight)
        boundary = BoundaryPlacement(s.section.boundarySupplementaryItems, anchorRect: anchor, container: container, grid: grid)
        extent = boundary.above + hostHeight + boundary.below
        elementCount = count + badges + s.section.boundarySupplementaryItems.count + s.section.decorationItems.count
        _ = section
    }
}
