/// `NSCollectionLayoutGroup.custom(layoutSize:itemProvider:)` (compositional-next.md N1–N12).
///
/// UIKit calls the provider with an `NSCollectionLayoutEnvironment` and places one item per
/// `NSCollectionLayoutGroupCustomItem` it returns, at the item's frame relative to the group's
/// origin. A server cannot run the closure, so the request carries what it returns for the
/// environment it is given: explicit frames in points, or fractions of that environment's
/// effective content size (N12, a request convenience).

/// `NSCollectionLayoutGroupCustomItem`: a frame relative to the group's origin and a zIndex
/// (`customItemWithFrame:` defaults it to 0; CollectionViewCore `NSCollectionLayoutGroupCustomItem`).
public struct CustomGroupItem: Hashable, Sendable {
    /// Points relative to the group's origin, or fractions of the environment when the provider
    /// is `fractional` (x and width of its effective width, y and height of its effective height).
    public var frame: Rect
    public var zIndex: Int

    public init(frame: Rect, zIndex: Int = 0) {
        self.frame = frame
        self.zIndex = zIndex
    }
}

/// What the item provider returns, as the request gives it.
public struct CustomGroupProvider: Hashable, Sendable {
    public var items: [CustomGroupItem]
    /// `fractionalFrames`: frames are fractions of the environment's effective content size,
    /// offset by its leading and top insets (N12), as typical provider code computes them.
    public var fractional: Bool

    public init(items: [CustomGroupItem], fractional: Bool = false) {
        self.items = items
        self.fractional = fractional
    }

    /// The same provider output with x and y swapped (horizontal scrolling is solved transposed).
    var transposed: CustomGroupProvider {
        CustomGroupProvider(items: items.map { i in
            CustomGroupItem(frame: Rect(x: i.frame.origin.y, y: i.frame.origin.x, width: i.frame.size.height, height: i.frame.size.width),
                            zIndex: i.zIndex)
        }, fractional: fractional)
    }
}

/// The `NSCollectionLayoutEnvironment.container` UIKit hands the provider (N2): the group's
/// layout size resolved against its parent container *ignoring the parent's insets*
/// (`_effectiveSizeForContainer:displayScale:ignoringInsets:YES` in `_solveForContainer:` of
/// iOS 26.1 UIKitCore `_UICollectionLayoutItemSolver`), and the group's own content insets as
/// given (insets on an estimated axis dropped, R9).
public struct CustomGroupEnvironment: Hashable, Sendable {
    public var contentSize: Size
    public var contentInsets: DirectionalInsets

    public var effectiveContentSize: Size {
        Size(width: contentSize.width - contentInsets.leading - contentInsets.trailing,
             height: contentSize.height - contentInsets.top - contentInsets.bottom)
    }

    init(group: CompositionalGroup, contentSize: Size) {
        self.contentSize = contentSize
        contentInsets = group.contentInsets.ignoringEstimatedAxes(of: group.layoutSize)
    }

    /// An item's frame in points: as given, or (`fractional`) scaled by the effective content
    /// size and moved past the leading and top insets, in plain arithmetic (N12).
    func frame(of item: CustomGroupItem, fractional: Bool) -> Rect {
        guard fractional else { return item.frame }
        let e = effectiveContentSize
        let f = item.frame
        return Rect(x: f.origin.x * e.width + contentInsets.leading, y: f.origin.y * e.height + contentInsets.top,
                    width: f.size.width * e.width, height: f.size.height * e.height)
    }
}

extension CompositionalGroup {
    /// A custom group: no subitems, its items come from `provider` (N1). Its layout axis for the
    /// solver is vertical (`-_layoutAxisForGroup:` returns 2 for a custom group), which matters
    /// only for how its parent treats it.
    public static func custom(_ layoutSize: CompositionalSize, _ provider: CustomGroupProvider,
                              contentInsets: DirectionalInsets = .zero, edgeSpacing: EdgeSpacing = .none) -> CompositionalGroup {
        var g = CompositionalGroup(orientation: .vertical, layoutSize: layoutSize, subitems: [],
                                   contentInsets: contentInsets, edgeSpacing: edgeSpacing)
        g.custom = provider
        return g
    }
}

extension CompositionalConfiguration {
    /// The environment the item provider of each root custom group sees (N2), by layout section
    /// index, in the request's coordinates. Informational: what a client's provider closure should
    /// be given when it computes the frames it sends.
    public func customGroupEnvironments() -> [(section: Int, environment: CustomGroupEnvironment)] {
        var c = self
        c.moveToLeadingCoordinates()
        let transposed = c.scrollDirection == .horizontal
        if transposed { c = c.transposedForSolving }
        let builder = CompositionalBuilder(c, transposed: transposed)
        var out: [(section: Int, environment: CustomGroupEnvironment)] = []
        for (l, section) in c.sections.enumerated() where section.list == nil && section.group.custom != nil {
            let insets = builder.containerInsets(section.contentInsetsReference)
            let root = SolvedSection.rootContainer(section, size: Size(width: c.collectionView.width, height: c.collectionView.height), layoutInsets: insets)
            var env = SolvedSection.customEnvironment(section.group, in: root, grid: builder.grid)
            if transposed {
                env.contentSize = Size(width: env.contentSize.height, height: env.contentSize.width)
                env.contentInsets = env.contentInsets.transposed
            }
            out.append((l, env))
        }
        return out
    }
}
