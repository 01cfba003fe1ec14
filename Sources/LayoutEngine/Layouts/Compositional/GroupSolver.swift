/// Solves a root group and its nested groups into item frames (R12-R18).
///
/// A group first *walks* its subitems (R13: cyclically until the next one does not fit;
/// R15: exactly `count`), measuring each candidate against the group's container; if spacing
/// and container-dependent items call for it, it walks again against the container minus the
/// total spacing (R14). Only then are the accepted nested groups solved (each once), and the
/// group arranges its children along its axis (R16). Work is bounded by `leafBudget`: a walk
/// never accepts more candidates than items may still be produced.
struct GroupSolver {
    let grid: PixelGrid
    /// Horizontal scrolling is solved transposed; messages print sizes as the client sent them.
    let transposed: Bool
    /// Items the solution may still hold.
    var leafBudget: Int
    /// Self-sizing: preferred size of the solution's `k`-th item (solver orientation).
    var preferred: [Int: Size]
    var solution = GroupSolution()
    /// Accepted candidates of the groups being solved, as a stack: a walk pushes its group's
    /// candidates, the group pops them once placed (nested groups push and pop above them), so
    /// a whole solve uses one buffer instead of arrays per group.
    var candidates: [Candidate] = []
    /// Right to left: custom groups' items are placed mirrored within their group, so the
    /// layout's final mirror image (RightToLeft.swift) puts them where the provider did (N4).
    let mirrorsCustomItems: Bool

    init(grid: PixelGrid, transposed: Bool, leafBudget: Int, preferred: [Int: Size] = [:], mirrorsCustomItems: Bool = false) {
        self.grid = grid
        self.transposed = transposed
        self.mirrorsCustomItems = mirrorsCustomItems
        self.leafBudget = leafBudget
        self.preferred = preferred
        solution.leaves.reserveCapacity(min(max(leafBudget, 1), 16))
        candidates.reserveCapacity(16)
    }

    /// One accepted subitem: which one, its (possibly count-rewritten) size and resolved size;
    /// once placed, its final size, its leaves in `solution.leaves` and its edge spacing.
    struct Candidate {
        var index: Int
        var layoutSize: CompositionalSize
        var size: Size
        var child = Child()
        /// An item (not a nested group): uniform siblings are runs of these (N15).
        var isItem = true
        /// A custom group's environment content size: `layoutSize` against the same container
        /// without its insets (N2).
        var environment = Size.zero
    }

    /// Solves `group` at its resolved `size`; its items are appended to `solution.leaves`
    /// relative to the group's origin. Returns the group's final size (R5). `path` builds the
    /// group's path only for an error (no arrays per solved group).
    mutating func solve(_ group: CompositionalGroup, size: Size, path: () -> [CompositionalError.PathComponent]) throws(CompositionalError) -> Size {
        if group.custom != nil {
            return try solveCustom(group, size: size, environment: CustomGroupEnvironment(group: group, contentSize: size), limited: true, path: path)
        }
        let horizontal = group.orientation == .horizontal
        let insets = group.contentInsets.resolvedAsGroupInsets(in: size)
        let container = LayoutContainer(size: size, insets: insets)
        guard container.effectiveWidth > 0, container.effectiveHeight > 0 else {
            throw CompositionalErrors.noRoom(insets: insets, size: size, transposed: transposed,
                                              path: path().appending(insets.isZero ? .layoutSize : .contentInsets))
        }
        let spacing = group.interItemSpacing?.spacing ?? 0
        let mark = candidates.count
        var accepted = try walk(group, container: container, pass2: false, path: path)
        let axisDependent = candidates[accepted].contains { c in
            horizontal ? c.layoutSize.dependsOnContainerWidth : c.layoutSize.dependsOnContainerHeight
        }
        if spacing != 0, accepted.count >= 2, axisDependent {
            // R14: fractions of (effective − total spacing), no insets; spacing before every item.
            let total = spacing * Double(accepted.count - 1)
            let reduced = LayoutContainer(
                size: Size(width: container.effectiveWidth - (horizontal ? total : 0),
                           height: container.effectiveHeight - (horizontal ? 0 : total)),
                insets: .zero)
            candidates.removeLast(accepted.count)  // the walk's candidates end the stack
            accepted = try walk(group, container: reduced, pass2: true, path: path, remainingFrom: container)
        }
        let final = try place(group, accepted: accepted, container: container, size: size, path: path)
        candidates.removeLast(candidates.count - mark)
        return final
    }

    /// R13/R15: the subitems this group holds, in order, with their resolved sizes, pushed on
    /// `candidates` (the range returned).
    private mutating func walk(_ group: CompositionalGroup, container: LayoutContainer, pass2: Bool,
                      path: () -> [CompositionalError.PathComponent], remainingFrom full: LayoutContainer? = nil) throws(CompositionalError) -> Range<Int> {
        let horizontal = group.orientation == .horizontal
        let spacing = group.interItemSpacing?.spacing ?? 0
        let axisFull = full ?? container
        var remaining = horizontal ? axisFull.effectiveWidth : axisFull.effectiveHeight
        let estimatedAxis = horizontal ? group.layoutSize.width.isEstimated : group.layoutSize.height.isEstimated
        let m = group.subitems.count
        let limit = min(group.count ?? Int.max, max(leafBudget, 1))
        let base = candidates.count
        var k = 0
        while candidates.count - base < limit {
            let index = k % m
            // Read in place, one switch (each property getter would copy the subitem's payload).
            let (subSize, edges, isGroup, isCustom) = group.subitems.withUnsafeBufferPointer { subs in
                switch subs[index] {
                case .item(let i): (i.layoutSize, i.edgeSpacing, false, false)
                case .group(let g): (g.layoutSize, g.edgeSpacing, true, g.custom != nil)
                }
            }
            var layoutSize = subSize
            if let count = group.count, group.countKind == .subitemCount {
                // R15: subitem:count: forces 1/count along the group's axis.
                if horizontal { layoutSize.width = .fractionalWidth(1.0 / Double(count)) } else { layoutSize.height = .fractionalHeight(1.0 / Double(count)) }
            }
            let size = grid.resolve(layoutSize, in: container)
            let extent = horizontal ? size.width : size.height
            // Built only for an error: the walk runs once per candidate.
            func subPath() -> [CompositionalError.PathComponent] {
                path().appending(.subitems, index).appending(isGroup ? .group : .item).appending(.layoutSize).appending(horizontal ? .width : .height)
            }
            guard extent > 0 else {
                throw CompositionalErrors.zeroExtent(group: group, extent: extent, path: subPath())
            }
            let dependent = horizontal ? layoutSize.dependsOnContainerWidth : layoutSize.dependsOnContainerHeight
            if spacing != 0, candidates.count > base, pass2 || !dependent { remaining -= spacing }
            remaining -= extent + (horizontal ? (edges.leading?.spacing ?? 0) + (edges.trailing?.spacing ?? 0)
                                              : (edges.top?.spacing ?? 0) + (edges.bottom?.spacing ?? 0))
            if group.count == nil, !(remaining >= -0.25 || estimatedAxis) {
                if candidates.count == base {
                    throw CompositionalErrors.cannotFitItem(extent: extent, available: horizontal ? axisFull.effectiveWidth : axisFull.effectiveHeight,
                                                            horizontal: horizontal != transposed,
                                                            path: subPath())
                }
                break
            }
            var candidate = Candidate(index: index, layoutSize: layoutSize, size: size)
            candidate.isItem = !isGroup
            if isCustom { candidate.environment = grid.resolve(layoutSize, in: LayoutContainer(size: container.size, insets: .zero)) }
            candidates.append(candidate)
            k += 1
        }
        return base..<candidates.count
    }

}
