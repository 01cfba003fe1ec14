/// Queries on a layout whose orthogonal sections (compositional `orthogonalScrollingBehavior`,
/// R36–R39) the user has scrolled. Frames are stored at orthogonal offset 0 (as UIKit reports
/// them); an offset `o` for section `s` moves the section's scrolling elements by `−o` along the
/// orthogonal axis (x when the layout scrolls vertically). The scrolling elements of a section
/// are those from `cells.lowerBound` to the section's end: its cells and their supplementary
/// items; its decorations and boundary items come before the cells and stay (R39). Right to
/// left an orthogonal row starts at the right and scrolls towards the left: its content offset is
/// mirrored, so an offset `o` moves its elements by `+o` along x (`orthogonalSign`).
extension Layout {
    /// Whether `attributes[index]` belongs to section `s` and scrolls with it.
    func scrollsOrthogonally(_ index: Int, section s: Int) -> Bool {
        let a = attributes[index]
        return !a.isGlobal && a.indexPath.section == s && index >= sections[s].cells.lowerBound
    }

    /// The element at `index` moved by the offset of its orthogonal section, if it scrolls.
    public func orthogonallyScrolled(_ index: Int, offsets: [Int: Double]) -> LayoutAttributes {
        var a = attributes[index]
        let s = a.indexPath.section
        guard !offsets.isEmpty, let o = offsets[s], s >= 0, s < sections.count, scrollsOrthogonally(index, section: s) else { return a }
        if scrollDirection == .vertical { a.frame.origin.x -= orthogonalSign * o } else { a.frame.origin.y -= o }
        return a
    }

    /// +1 when an orthogonal offset moves elements towards −x (left to right), −1 when a vertical
    /// layout runs right to left (its orthogonal rows scroll from the right).
    var orthogonalSign: Double { isRightToLeft && scrollDirection == .vertical ? -1 : 1 }

    /// `attributes(in:index:)` with orthogonal sections scrolled by `offsets` (section → offset;
    /// sections that do not scroll orthogonally are ignored). Pinned elements are placed for
    /// `rect` as usual. O(log n + k) per scrolled section plus the plain query.
    public func attributes(in rect: Rect, index: SpatialIndex, orthogonalOffsets offsets: [Int: Double]) -> [LayoutAttributes] {
        let moving = scrolledSections(offsets)
        guard !moving.isEmpty else { return attributes(in: rect, index: index) }
        var found: [(index: Int, attributes: LayoutAttributes)] = []
        for i in index.elements(in: rect) where i < attributes.count && !moves(i, moving) && !isPinnedElement(attributes[i]) {
            found.append((i, attributes[i]))
        }
        for (s, o) in moving {
            let shifted = scrollDirection == .vertical
                ? Rect(x: rect.minX + orthogonalSign * o, y: rect.minY, width: rect.width, height: rect.height)
                : Rect(x: rect.minX, y: rect.minY + o, width: rect.width, height: rect.height)
            for i in index.elements(in: shifted) where i < attributes.count && scrollsOrthogonally(i, section: s) {
                found.append((i, orthogonallyScrolled(i, offsets: moving)))
            }
        }
        if pinning.isActive {
            let range = scrollRange(of: rect)
            found += pinnedAttributes(in: sections(meeting: range.low, range.high), visible: rect) { $0.intersects(rect) }
        }
        found.sort { $0.index < $1.index }
        return found.map(\.attributes)
    }

    /// `attributes(containing:index:visibleRect:)` with orthogonal sections scrolled by `offsets`.
    public func attributes(containing point: Point, index: SpatialIndex, visibleRect: Rect?,
                           orthogonalOffsets offsets: [Int: Double]) -> [LayoutAttributes] {
        let moving = scrolledSections(offsets)
        guard !moving.isEmpty else { return attributes(containing: point, index: index, visibleRect: visibleRect) }
        let pins = pinning.isActive && visibleRect != nil
        var found: [(index: Int, attributes: LayoutAttributes)] = []
        for i in index.elements(containing: point) where i < attributes.count && !moves(i, moving) {
            if pins && isPinnedElement(attributes[i]) { continue }
            found.append((i, attributes[i]))
        }
        for (s, o) in moving {
            let shifted = scrollDirection == .vertical ? Point(x: point.x + orthogonalSign * o, y: point.y) : Point(x: point.x, y: point.y + o)
            for i in index.elements(containing: shifted) where i < attributes.count && scrollsOrthogonally(i, section: s) {
                found.append((i, orthogonallyScrolled(i, offsets: moving)))
            }
        }
        if pins, let visible = visibleRect {
            let along = scrollPosition(of: point)
            found += pinnedAttributes(in: sections(meeting: along, along), visible: visible) { $0.contains(point) }
        }
        found.sort { $0.index < $1.index }
        return found.map(\.attributes)
    }

    /// The offsets of sections that scroll orthogonally; the others are dropped.
    private func scrolledSections(_ offsets: [Int: Double]) -> [Int: Double] {
        offsets.filter { $0.key >= 0 && $0.key < sections.count && sections[$0.key].orthogonalContentSize != nil }
    }

    private func moves(_ index: Int, _ moving: [Int: Double]) -> Bool {
        let s = attributes[index].indexPath.section
        return moving[s] != nil && scrollsOrthogonally(index, section: s)
    }
}
