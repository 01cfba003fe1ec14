/// Which elements are drawn pinned, one rule for every layout type: a section's header slot
/// (`SectionGeometry.headerIndex`) pins when the layout pins all section headers (flow's
/// `sectionHeadersPinToVisibleBounds`) or when the element itself asks to
/// (`pinsToVisibleBounds`, compositional `pinToVisibleBounds`, R31); footers likewise. Global
/// elements (compositional layout header/footer) pin over the whole content: the leading ones
/// as headers of one section spanning the content, the trailing ones as its footers.
extension Layout {
    /// Whether the header slot at `attributes[index]` is drawn pinned.
    func pinsHeader(at index: Int) -> Bool {
        pinning.headers && !attributes[index].isGlobal || attributes[index].pinsToVisibleBounds
    }

    /// Whether the footer slot at `attributes[index]` is drawn pinned.
    func pinsFooter(at index: Int) -> Bool {
        pinning.footers && !attributes[index].isGlobal || attributes[index].pinsToVisibleBounds
    }

    /// Whether `a` is drawn pinned rather than at its frame (so a query drops its natural frame).
    public func isPinnedElement(_ a: LayoutAttributes) -> Bool {
        guard a.category == .supplementaryView else { return false }
        if a.pinsToVisibleBounds { return true }
        if a.isGlobal { return false }
        switch a.kind {
        case .header?: return pinning.headers
        case .footer?: return pinning.footers
        default: return false
        }
    }

    /// The pinned global elements as header/footer slots of one section spanning the content
    /// (so a pinned layout header stays above a layout footer). Global elements lead and trail
    /// `attributes`; O(globals).
    func pinnedGlobalSlots() -> [(section: SectionGeometry, index: Int, isHeader: Bool)] {
        guard pinning.elements else { return [] }
        var leading = 0
        while leading < attributes.count, attributes[leading].isGlobal { leading += 1 }
        var trailing = attributes.count
        while trailing > leading, attributes[trailing - 1].isGlobal { trailing -= 1 }
        let length = scrollDirection == .vertical ? contentSize.height : contentSize.width
        var slots: [(section: SectionGeometry, index: Int, isHeader: Bool)] = []
        for i in 0..<leading where attributes[i].pinsToVisibleBounds {
            let footer = trailing < attributes.count ? attributes.count - 1 : nil
            slots.append((SectionGeometry(minScroll: 0, maxScroll: length, headerIndex: i, footerIndex: footer, cells: 0..<0), i, true))
        }
        for i in trailing..<attributes.count where attributes[i].pinsToVisibleBounds {
            let header = leading > 0 ? 0 : nil
            slots.append((SectionGeometry(minScroll: 0, maxScroll: length, headerIndex: header, footerIndex: i, cells: 0..<0), i, false))
        }
        return slots
    }

    /// Sets `pinning.elements` from the attributes, for layouts whose elements pin themselves.
    /// Only slots pin (a section's `headerIndex`/`footerIndex`, leading or trailing global
    /// elements); the flag is cleared on any other element, which then stays at its frame rather
    /// than vanishing from queries. O(n), once per computed layout.
    public mutating func notePinnedElements() {
        // Most layouts pin nothing: a read-only pass over the array (no per-element switch on
        // the store's form) finds that, and the loop below starts at the first pinned element.
        let first: Int?
        if case .full(let elements) = attributes.storage {
            first = elements.firstIndex { $0.pinsToVisibleBounds }
        } else {
            first = attributes.firstIndex { $0.pinsToVisibleBounds }
        }
        guard let first else {
            pinning.elements = false
            return
        }
        var any = false
        for i in first..<attributes.endIndex where attributes[i].pinsToVisibleBounds {
            let a = attributes[i]
            let s = a.indexPath.section
            let isSlot = a.isGlobal
                || (s >= 0 && s < sections.count && (sections[s].headerIndex == i || sections[s].footerIndex == i))
            if isSlot { any = true } else { attributes[i].pinsToVisibleBounds = false }
        }
        pinning.elements = any
    }
}
