/// Builds a `Layout` from a validated, vertical configuration (horizontal ones arrive
/// transposed, `transposed` set, and every frame is swapped back as it is written).
struct CompositionalBuilder {
    let config: CompositionalConfiguration
    let transposed: Bool
    let grid: PixelGrid
    var attributes: [LayoutAttributes] = []
    var sections: [SectionGeometry] = []
    var kinds: [String] = Layout.defaultElementKinds
    /// Kinds past the default two (an empty dictionary allocates nothing, so layouts without
    /// custom kinds build none).
    var kindIndex: [String: SupplementaryKind] = [:]
    /// insetGrouped list sections' rounded rows (L17).
    var roundedSections: [RoundedSection] = []
    /// The kinds of list elements once named (`listKind(_:)`), by `ListElementKind`.
    var listKinds: [SupplementaryKind?] = [nil, nil, nil, nil, nil]
    /// Cells through `SectionCellRun.next()` one at a time instead of its bulk copy (tests).
    var referenceCells = false
    /// Right to left (the seam mirrors the built layout): custom groups' items are placed
    /// mirrored within their group (N4).
    var mirrorsCustomItems = false
    /// The orthogonal scrollers' geometry, by data section (N19-N21).
    var orthogonalScrolling: [Int: OrthogonalScrollGeometry] = [:]

    init(_ config: consuming CompositionalConfiguration, transposed: Bool) {
        let scale = config.collectionView.scale
        let modern = config.generation == .modern
        self.config = config
        self.transposed = transposed
        grid = PixelGrid(scale: scale, floorsFractions: modern)
    }

    /// The layout container's cross-axis insets for a reference (R1).
    func containerInsets(_ reference: ContentInsetsReference) -> (Double, Double) {
        let cv = config.collectionView
        var r = reference
        if r == .automatic { r = config.contentInsetsReference == .automatic ? .safeArea : config.contentInsetsReference }
        switch r {
        case .none, .automatic: return (0, 0)
        case .safeArea: return (cv.safeAreaInsets.left, cv.safeAreaInsets.right)
        case .layoutMargins: return (cv.layoutMargins.left, cv.layoutMargins.right)
        case .readableContent:
            let i = config.readableContentInsets ?? cv.layoutMargins
            return (i.left, i.right)
        }
    }

    mutating func kind(_ name: String) -> SupplementaryKind {
        if name == "header" { return .header }
        if name == "footer" { return .footer }
        if let k = kindIndex[name] { return k }
        let k = SupplementaryKind(rawValue: UInt16(truncatingIfNeeded: kinds.count))
        kinds.append(name)
        kindIndex[name] = k
        return k
    }

    /// Rounds (R45), swaps back when transposed and appends.
    @inline(__always)
    mutating func emit(_ category: ElementCategory, _ kind: SupplementaryKind?, _ indexPath: IndexPath, _ frame: Rect,
                       zIndex: Int, estimated: Bool = false, global: Bool = false, pins: Bool = false) {
        var r = grid.round(frame)
        if transposed { r = Rect(x: r.origin.y, y: r.origin.x, width: r.size.height, height: r.size.width) }
        attributes.append(LayoutAttributes(category: category, kind: kind, indexPath: indexPath, frame: r, zIndex: zIndex,
                                           isEstimated: estimated, isGlobal: global, pinsToVisibleBounds: pins))
    }

    /// R45: a frame whose rounded size is negative is refused with UIKit's message.
    func check(_ frame: Rect, path: () -> [CompositionalError.PathComponent]) throws(CompositionalError) {
        let r = grid.round(frame)
        guard r.size.width >= 0, r.size.height >= 0, r.origin.x.isFinite, r.origin.y.isFinite else {
            let show = { (f: Rect) in self.transposed ? Rect(x: f.origin.y, y: f.origin.x, width: f.size.height, height: f.size.width) : f }
            throw CompositionalErrors.invalidFrame(rounded: show(r), frame: show(frame), scale: grid.scale, path: path())
        }
    }

    /// The preferred sizes grouped by data section, in item order (solver orientation).
    func preferredBySection() -> [Int: [(item: Int, size: Size)]] {
        var out: [Int: [(item: Int, size: Size)]] = [:]
        if config.preferredSizes.isEmpty { return out }
        for (ip, size) in config.preferredSizes {
            out[ip.section, default: []].append((ip.item, size))
        }
        return out
    }
}
