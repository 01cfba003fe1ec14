import UpdateEngine
import LayoutEngine

/// Cells, supplementary views, layouts, flow-layout sizes and scrolling.
extension CrashAdvisor {
    static func views(_ f: CrashFinding, flavor: BatchFlavor) -> CrashAdvice {
        let x = f.facts
        let w = Words(flavor: flavor)
        func s(_ name: String) -> String { x.string(name) ?? "?" }
        func n(_ name: String) -> String { x.int(name).map(String.init) ?? "?" }
        let register = CrashAdvice.Cause(cause: "The reuse identifier was never registered (or registered on another \(w.view), or misspelt).",
                                         fix: "Register the class or nib for the identifier before the first reload (viewDidLoad), or use UICollectionView.CellRegistration / dequeueConfiguredReusableCell.")
        switch f.entry.code {
        case "DEQUEUE_UNREGISTERED_VIEW", "DEQUEUE_UNREGISTERED_CELL", "INVALID_NIB":
            return CrashAdvice(explanation: "The data source dequeued a \(x.string("elementKind").map { "view of kind \($0)" } ?? "cell") with reuse identifier \(s("reuseIdentifier")), for which no class, nib or storyboard prototype is registered (or the nib does not hold exactly one view of the right class).",
                               causes: [register, .init(cause: "A storyboard prototype cell whose identifier does not match, or a table view created in code while the prototype lives in the storyboard.", fix: "Set the prototype's Identifier to the same string, or register the class in code.")],
                               docs: [flavor == .tableView ? CrashDocs.dequeueRow : CrashDocs.dequeueCell, CrashDocs.cellRegistration])
        case "CELL_WITHOUT_REUSE_IDENTIFIER", "SUPPLEMENTARY_VIEW_NOT_DEQUEUED", "TABLE_CELL_NIL", "TABLE_FAILED_TO_OBTAIN_CELL", "DEQUEUED_VIEW_NOT_RETURNED":
            return CrashAdvice(explanation: "The data source returned a view UIKit did not hand out for that index path: a cell created with init, nil, or a view dequeued without UIKit asking (or dequeued twice)\(x.string("viewClass").map { "; the view is a \($0)" } ?? "").",
                               causes: [.init(cause: "Returning a cell made with init(frame:)/init(style:) or a cached cell instead of dequeuing one.", fix: "Always return tableView.dequeueReusableCell(withIdentifier:for:) / collectionView.dequeueReusableCell(withReuseIdentifier:for:) from the cell-for-index-path method."),
                                        .init(cause: "A code path in cellForItemAt/cellForRowAt returns nil or a placeholder (an unexpected section, a failed cast with as!/as?).", fix: "Cover every section and item kind; dequeue a fallback cell instead of returning nil."),
                                        .init(cause: "Dequeuing outside cellForItemAt (to measure a cell, or twice for one index path).", fix: "Use a separate prototype cell (not dequeued) for sizing; dequeue exactly once per request.")],
                               docs: [flavor == .tableView ? CrashDocs.dequeueRow : CrashDocs.dequeueCell])
        case "DEQUEUED_TWICE_FOR_INDEX_PATH":
            return CrashAdvice(explanation: "tableView(_:cellForRowAt:) dequeued a second cell (identifier \(s("reuseIdentifier"))) for an index path it had already dequeued one for; UIKit hands out one cell per index path per request.",
                               causes: [.init(cause: "Two dequeueReusableCell(withIdentifier:for:) calls in one cellForRowAt (one per cell type, before deciding which to return), or a dequeue from heightForRowAt or another delegate method.",
                                              fix: "Decide the cell type first and dequeue once; to measure a cell, use a prototype made with init or dequeueReusableCell(withIdentifier:) without an index path.")],
                               docs: [CrashDocs.dequeueRow])
        case "REGISTRATION_CREATED_IN_PROVIDER":
            return CrashAdvice(explanation: "A UICollectionView.CellRegistration was created inside the cell provider (or cellForItemAt) and used at once: each request makes a new registration, so cells are never reused. UIKit asserts since iOS 15.",
                               causes: [.init(cause: "The registration is a local let inside the cell provider closure, or a lazy var first touched there.",
                                              fix: "Create every registration once, before the data source (a let in viewDidLoad, captured by the provider), and force lazy ones there.")],
                               docs: [CrashDocs.cellRegistration])
        case "ITEM_TOO_WIDE", "ITEM_TOO_TALL":
            let wide = f.entry.code == "ITEM_TOO_WIDE"
            let frame = x.string("viewFrame").map { " The collection view's frame is (\($0))." } ?? ""
            return CrashAdvice(explanation: "An item is \(wide ? "wider" : "taller") than the collection view's \(wide ? "width" : "height") minus the section insets and content insets, so a \(wide ? "vertical" : "horizontal") flow layout cannot place it on a line.\(frame) UIKit lays it out anyway (overflowing) and logs this.",
                               causes: [.init(cause: "itemSize or sizeForItemAt computed from the screen or a stale bounds (before rotation, before safe-area insets, or from the view's frame while it is 0).",
                                              fix: "Size items from collectionView.bounds.inset(by: adjustedContentInset) minus the section insets, and invalidate the layout when the bounds change (viewWillTransition, traitCollectionDidChange)."),
                                        .init(cause: "estimatedItemSize with self-sizing cells whose constraints make them wider than the view.", fix: "Pin the cell's content width to the available width (e.g. a width constraint in preferredLayoutAttributesFitting).")],
                               docs: [CrashDocs.itemSize, CrashDocs.sizeForItem])
        case "FLOW_LAYOUT_CACHED_FRAME_MISMATCH":
            return CrashAdvice(explanation: "A flow layout subclass (\(s("subclass"))) changed attributes UICollectionViewFlowLayout returned without copying them: the cached frame \(s("cached")) no longer matches the frame the layout computes, \(s("expected")).",
                               causes: [.init(cause: "layoutAttributesForElements(in:) modifies super's attributes in place.", fix: "Copy each attribute (attributes.copy() as! UICollectionViewLayoutAttributes) before changing it.")],
                               docs: [CrashDocs.layoutAttributes])
        case "LAYOUT_ATTRIBUTES_FOR_NONEXISTENT_INDEX_PATH", "NO_LAYOUT_ATTRIBUTES", "SUPPLEMENTARY_ATTRIBUTES_CHANGED", "LAYOUT_ATTRIBUTES_NOT_VALID_FOR_COUNTS":
            return CrashAdvice(explanation: "The layout and the data source disagree: the layout returned attributes for an index path the collection view does not have (or none for one it has, or changed a supplementary view's attributes without invalidating).",
                               causes: [.init(cause: "A custom layout caches attributes in prepare() and does not rebuild them after the data changed.", fix: "Invalidate and rebuild the cache in prepare() when numberOfItems changes; answer nil for index paths outside the data."),
                                        .init(cause: "Layout attributes mutated between calls.", fix: "Return copies, and call invalidateLayout() (or an invalidation context) when they change.")],
                               docs: [CrashDocs.layoutAttributes, CrashDocs.invalidateLayout])
        case "NUMBER_OF_ITEMS_IN_NONEXISTENT_SECTION", "SCROLL_TO_ITEM_OUT_OF_BOUNDS", "SCROLL_TO_SECTION_OUT_OF_BOUNDS",
             "TABLE_SCROLL_ROW_OUT_OF_BOUNDS", "TABLE_SCROLL_SECTION_OUT_OF_BOUNDS":
            return CrashAdvice(explanation: "The app asked about or scrolled to \(x.int("item").map { "\(w.unit) \($0) of section \(n("section"))" } ?? "section \(n("section"))"), but the \(w.view) has only \(x.int("count").map { "\($0) \(w.units) there" } ?? "\(n("sections")) sections").",
                               causes: [.init(cause: "Scrolling right after changing the model, before the \(w.view) has reloaded (its counts are still the old ones), or with an index from another list.",
                                              fix: "Call layoutIfNeeded() (or scroll in the batch's completion) after reloadData, and check the index against numberOfItems(inSection:) / numberOfRows(inSection:).")],
                               docs: [flavor == .tableView ? CrashDocs.scrollToRow : CrashDocs.scrollToItem, CrashDocs.numberOfItems])
        case "TABLE_LAYOUT_OUTSIDE_VIEW_HIERARCHY":
            return CrashAdvice(explanation: "The table view laid out its cells while not in a window; UIKit warns once, since the layout is done without the real bounds and traits and repeated later.",
                               causes: [.init(cause: "reloadData, layoutIfNeeded or a batch update on a table view whose view controller is not on screen (a background tab, a view not yet added).",
                                              fix: "Make a symbolic breakpoint at UITableViewAlertForLayoutOutsideViewHierarchy to find the call, and defer it until the view is in a window (viewWillAppear).")],
                               docs: [CrashDocs.performBatchUpdates(.tableView)])
        default:
            return CrashAdvice(explanation: "The collection view was created without a layout.",
                               causes: [.init(cause: "UICollectionView(frame:) or init(coder:) without a layout.", fix: "Create it with UICollectionView(frame:collectionViewLayout:).")],
                               docs: [CrashDocs.layoutAttributes])
        }
    }
}
