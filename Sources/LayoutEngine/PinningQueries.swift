/// Rect and point queries that return attributes the way UIKit's `layoutAttributesForElements(in:)`
/// does, with pinned headers and footers moved for the visible rect (flow-layout.md §12).
///
/// `index` must have been built from this layout (`SpatialIndex(layout)`); indices it reports that
/// are out of range are ignored rather than trapping.
extension Layout {
    /// The attributes visible in `rect`, in layout element order (section by section: header,
    /// cells, footer). `rect` is the visible rect (the collection view's bounds in content
    /// coordinates). When `pinning` is on, a header (footer) of a section meeting `rect` is returned
    /// at its pinned frame, with zIndex `Layout.pinnedZIndex`, if that frame intersects `rect`; its
    /// natural frame no longer counts. O(log n + k) plus O(log s) for the sections.
    public func attributes(in rect: Rect, index: SpatialIndex) -> [LayoutAttributes] {
        let hits = index.elements(in: rect)
        guard pinning.isActive else { return natural(hits) }
        let range = scrollRange(of: rect)
        let pinned = pinnedAttributes(in: pinningCandidates(meeting: range.low, range.high), visible: rect) {
            $0.intersects(rect)
        }
        return merged(hits, pinned)
    }

    /// The attributes whose frames contain `point`, in layout element order. With a `visibleRect`,
    /// pinned headers and footers are tested at their pinned frames for that rect (what the user
    /// sees and taps); without one, every element is tested at its natural frame.
    public func attributes(containing point: Point, index: SpatialIndex, visibleRect: Rect?) -> [LayoutAttributes] {
        let hits = index.elements(containing: point)
        guard pinning.isActive, let visible = visibleRect else { return natural(hits) }
        let along = scrollPosition(of: point)
        let pinned = pinnedAttributes(in: pinningCandidates(meeting: along, along), visible: visible) {
            $0.contains(point)
        }
        return merged(hits, pinned)
    }

    private func natural(_ hits: [Int]) -> [LayoutAttributes] {
        attributes.elements(at: hits.last.map { $0 < attributes.count } ?? true ? hits : hits.filter { $0 < attributes.count })
    }

    /// Pinned headers and footers of `candidates` whose pinned frame passes `test`, as
    /// (attribute index, attributes), ascending.
    func pinnedAttributes(in candidates: Range<Int>, visible: Rect,
                                  test: (Rect) -> Bool) -> [(index: Int, attributes: LayoutAttributes)] {
        var pinned: [(index: Int, attributes: LayoutAttributes)] = []
        for sectionIndex in candidates {
            let section = sections[sectionIndex]
            if let header = section.headerIndex, header >= 0, header < attributes.count, pinsHeader(at: header) {
                let frame = pinnedHeaderFrame(section: section, headerIndex: header, visible: visible)
                if test(frame) { pinned.append((header, pinnedCopy(header, frame))) }
            }
            if let footer = section.footerIndex, footer >= 0, footer < attributes.count, pinsFooter(at: footer) {
                let frame = pinnedFooterFrame(section: section, footerIndex: footer, visible: visible)
                if test(frame) { pinned.append((footer, pinnedCopy(footer, frame))) }
            }
        }
        for slot in pinnedGlobalSlots() {
            let frame = slot.isHeader ? pinnedHeaderFrame(section: slot.section, headerIndex: slot.index, visible: visible)
                : pinnedFooterFrame(section: slot.section, footerIndex: slot.index, visible: visible)
            if test(frame) { pinned.append((slot.index, pinnedCopy(slot.index, frame))) }
        }
        pinned.sort { $0.index < $1.index }
        return pinned
    }

    /// The element at its pinned frame. Flow-style pinning raises the zIndex (`pinnedZIndex`);
    /// an element pinning itself keeps its own (UIKit changes only the frame, R31); a table's
    /// floating header or footer is raised only while it is away from its natural frame.
    func pinnedCopy(_ index: Int, _ frame: Rect) -> LayoutAttributes {
        var copy = attributes[index]
        if pinning.table != nil {
            // A table's header or footer is floating only while moved (`outIsFloating`, T16).
            if frame != copy.frame { copy.zIndex = Layout.pinnedZIndex }
        } else if !copy.pinsToVisibleBounds {
            copy.zIndex = Layout.pinnedZIndex
        } else if frame != copy.frame {
            copy.zIndex += pinning.selfPinnedZIndexRaise
        }
        copy.frame = frame
        return copy
    }

    /// The index hits without pinned kinds, merged in element order with the pinned ones.
    private func merged(_ hits: [Int], _ pinned: [(index: Int, attributes: LayoutAttributes)]) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        result.reserveCapacity(hits.count + pinned.count)
        var next = 0
        for hit in hits where hit < attributes.count && !isPinnedElement(attributes[hit]) {
            while next < pinned.count, pinned[next].index < hit {
                result.append(pinned[next].attributes)
                next += 1
            }
            result.append(attributes[hit])
        }
        while next < pinned.count {
            result.append(pinned[next].attributes)
            next += 1
        }
        return result
    }
}
