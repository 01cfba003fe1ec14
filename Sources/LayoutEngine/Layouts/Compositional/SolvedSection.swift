/// One layout section solved once (R21, R36-R38): its containers, root group solution and
/// repetition extent. Every data section that uses the layout section shares it.
///
/// Coordinates are those of a vertically scrolling layout (horizontal scrolling is solved
/// transposed): the section's *layout axis* is y, or x when it scrolls orthogonally.
/// A class: the builder hands it to every data section's plan and emission, and a reference
/// costs one retain where this many fields would be copied each time.
final class SolvedSection {
    let section: CompositionalSection
    let index: Int
    let orthogonal: Bool
    /// The layout container's insets on the cross axis for this section's reference (R1).
    let containerLeading: Double
    let containerTrailing: Double
    let root: LayoutContainer
    let rootSize: Size
    let solution: GroupSolution
    /// The root group's origin inside a repetition slot: its leading edge spacing (R11).
    let rootOffset: Point
    /// E: one repetition's extent along the layout axis, edge spacing included.
    let extent: Double
    /// The root group's extent across the layout axis (orthogonal sections: the row height).
    let crossExtent: Double
    let grid: PixelGrid
    let transposed: Bool
    let leafBudget: Int

    typealias Path = [CompositionalError.PathComponent]

    /// Right to left: custom groups' items are laid out mirrored within their group so that the
    /// layout's final mirror image leaves them where the provider put them (N4).
    let mirrorsCustomItems: Bool

    init(_ section: CompositionalSection, index: Int, collectionView cv: CollectionViewMetrics, insets layoutInsets: (Double, Double),
         grid: PixelGrid, transposed: Bool, leafBudget: Int, mirrorsCustomItems: Bool = false) throws(CompositionalError) {
        self.section = section
        self.mirrorsCustomItems = mirrorsCustomItems
        self.index = index
        self.grid = grid
        self.transposed = transposed
        self.leafBudget = leafBudget
        orthogonal = section.orthogonalScrollingBehavior != .none
        (containerLeading, containerTrailing) = layoutInsets
        let si = section.contentInsets
        func path() -> Path { [.field(.layout), .field(.sections), .index(index)] }
        root = Self.rootContainer(section, size: Size(width: cv.width, height: cv.height), layoutInsets: layoutInsets)
        guard root.effectiveWidth > 0, root.effectiveHeight > 0 else {
            throw CompositionalErrors.noRoom(insets: root.insets, size: root.size, transposed: transposed,
                                              path: si.isZero ? [.field(.collectionView)] : path().appending(.contentInsets))
        }
        let resolved = grid.resolve(section.group.layoutSize, in: root)
        guard resolved.width > 0, resolved.height > 0 else {
            throw CompositionalErrors.zeroExtent(group: section.group, extent: min(resolved.width, resolved.height),
                                                 path: path().appending(.group).appending(.layoutSize).appending(resolved.width > 0 ? .height : .width))
        }
        var solver = GroupSolver(grid: grid, transposed: transposed, leafBudget: leafBudget, mirrorsCustomItems: mirrorsCustomItems)
        let size: Size
        if section.group.custom != nil {
            // N3: every frame the provider returns is an item of the root group, whatever the budget.
            let environment = Self.customEnvironment(section.group, in: root, grid: grid)
            size = try solver.solveCustom(section.group, size: resolved, environment: environment, limited: false) { path().appending(.group) }
        } else {
            size = try solver.solve(section.group, size: resolved) { path().appending(.group) }
        }
        // Every walk accepts at least one subitem or throws, so this holds; kept so no later
        // `i mod n` can divide by zero whatever the input.
        guard !solver.solution.leaves.isEmpty else {
            throw CompositionalErrors.structure("GROUP_WITHOUT_ITEMS", "This section's group holds no items; give it at least one item.", path: path().appending(.group))
        }
        rootSize = size
        solution = solver.solution
        (rootOffset, extent, crossExtent) = Self.edgePlacement(section.group, size: size, in: root, orthogonal: orthogonal)
    }

    /// R21 / R37: the root group's container, the section insets on the cross axis of the
    /// section's own axis (y for a vertical section, x when it scrolls orthogonally).
    static func rootContainer(_ section: CompositionalSection, size: Size, layoutInsets: (Double, Double)) -> LayoutContainer {
        let si = section.contentInsets
        let (cl, cr) = layoutInsets
        return section.orthogonalScrollingBehavior != .none
            ? LayoutContainer(size: size, insets: DirectionalInsets(top: si.top, leading: cl, bottom: si.bottom, trailing: cr))
            : LayoutContainer(size: size, insets: DirectionalInsets(top: 0, leading: cl + si.leading, bottom: 0, trailing: cr + si.trailing))
    }

    /// N2: a root custom group's provider sees its layout size resolved against the root
    /// container without the container's insets (a full-width group in a section with 20-pt
    /// leading and trailing insets sees 390 on a 390-pt view, while its frame is 350 wide).
    static func customEnvironment(_ group: CompositionalGroup, in root: LayoutContainer, grid: PixelGrid) -> CustomGroupEnvironment {
        CustomGroupEnvironment(group: group, contentSize: grid.resolve(group.layoutSize, in: LayoutContainer(size: root.size, insets: .zero)))
    }

    /// R11's root-group edge spacing: along the layout axis it enlarges the extent; across it,
    /// fixed spacing offsets the group and flexible spacing positions it in the container.
    static func edgePlacement(_ group: CompositionalGroup, size: Size, in c: LayoutContainer,
                              orthogonal: Bool) -> (Point, Double, Double) {
        let e = group.edgeSpacing
        let (along1, along2, across1, across2) = orthogonal ? (e.leading, e.trailing, e.top, e.bottom) : (e.top, e.bottom, e.leading, e.trailing)
        let alongSize = orthogonal ? size.width : size.height
        let acrossSize = orthogonal ? size.height : size.width
        let available = orthogonal ? c.effectiveHeight : c.effectiveWidth
        let flex = (across1?.isFlexible == true ? 1 : 0) + (across2?.isFlexible == true ? 1 : 0)
        let fixed = (across1?.spacing ?? 0) + (across2?.spacing ?? 0)
        let share = flex > 0 ? max(0, (available - acrossSize - fixed) / Double(flex)) : 0
        let acrossOffset = (across1?.spacing ?? 0) + (across1?.isFlexible == true ? share : 0)
        let alongOffset = along1?.spacing ?? 0
        let extent = alongOffset + alongSize + (along2?.spacing ?? 0)
        let offset = orthogonal ? Point(x: alongOffset, y: acrossOffset) : Point(x: acrossOffset, y: alongOffset)
        return (offset, extent, acrossOffset + acrossSize + (across2?.spacing ?? 0))
    }

    /// Where repetitions start: the layout container's leading inset plus the section's.
    var contentOrigin: Point {
        Point(x: containerLeading + section.contentInsets.leading + rootOffset.x,
              y: rootOffset.y)
    }

    /// R23: the extent of the last repetition holding `count` of its `n` items. The unused tail
    /// of a partial group is trimmed, measured without the root group's own insets, unless the
    /// root group is exactly the container's size.
    func lastExtent(_ solution: GroupSolution, extent: Double, count: Int) -> Double {
        let n = solution.leaves.count
        guard count > 0, count < n, !section.group.layoutSize.isContainerSize else { return extent }
        let gi = section.group.contentInsets.resolvedAsGroupInsets(in: rootSize)
        let insets = orthogonal ? gi.leading + gi.trailing : gi.top + gi.bottom
        return solution.trimmedExtent(first: count, full: extent - insets, vertical: !orthogonal)
    }

    /// Self-sizing (R4, R5): the root group solved again for one repetition, with the measured
    /// sizes of its items (keyed by their place in the repetition).
    func resolved(with preferred: [Int: Size]) throws(CompositionalError) -> (GroupSolution, Double, Double) {
        var solver = GroupSolver(grid: grid, transposed: transposed, leafBudget: solution.leaves.count, preferred: preferred,
                                 mirrorsCustomItems: mirrorsCustomItems)
        let resolved = grid.resolve(section.group.layoutSize, in: root)
        let path: [CompositionalError.PathComponent] = [.field(.layout), .field(.sections), .index(index), .field(.group)]
        let size = section.group.custom != nil
            ? try solver.solveCustom(section.group, size: resolved, environment: Self.customEnvironment(section.group, in: root, grid: grid), limited: false) { path }
            : try solver.solve(section.group, size: resolved) { path }
        let (_, extent, cross) = Self.edgePlacement(section.group, size: size, in: root, orthogonal: orthogonal)
        return (solver.solution, extent, cross)
    }
}
