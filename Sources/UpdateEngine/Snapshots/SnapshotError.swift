/// What UIKit raises (or logs) for a snapshot operation, with its exact text (spec §4).
///
/// Every throw is an `NSInternalInconsistencyException`. Pointers in update descriptions print as
/// `0xPTR`. `evidence` names the spec's sources for the text.
public struct SnapshotError: Hashable, Sendable, Error {
    public enum Code: String, Hashable, Sendable {
        case duplicateItemIdentifiers = "DUPLICATE_ITEM_IDENTIFIERS"
        case duplicateSectionIdentifiers = "DUPLICATE_SECTION_IDENTIFIERS"
        case noSections = "NO_SECTIONS"
        case sectionIdentifierAlreadyExists = "SECTION_IDENTIFIER_ALREADY_EXISTS"
        case itemIdentifierAlreadyExists = "ITEM_IDENTIFIER_ALREADY_EXISTS"
        case parameterAssertion = "PARAMETER_ASSERTION"
        case insertDestinationInList = "INSERT_DESTINATION_IN_LIST"
        case moveRelativeToItself = "MOVE_RELATIVE_TO_ITSELF"
        case reloadUnknownItem = "RELOAD_UNKNOWN_ITEM"
        case reconfigureUnknownItem = "RECONFIGURE_UNKNOWN_ITEM"
        case reloadUnknownSection = "RELOAD_UNKNOWN_SECTION"
        /// A snapshot in the request that no snapshot can be (not thrown by UIKit: rejected).
        case itemInTwoSections = "ITEM_IN_TWO_SECTIONS"
        // Section snapshots (D29).
        case duplicateSectionSnapshotItems = "DUPLICATE_SECTION_SNAPSHOT_ITEMS"
        case unknownInsertDestination = "UNKNOWN_INSERT_DESTINATION"
        case unknownParent = "UNKNOWN_PARENT"
        case unknownItem = "UNKNOWN_ITEM"
        case unknownDeletedItem = "UNKNOWN_DELETED_ITEM"
    }

    public var code: Code
    /// UIKit's text.
    public var reason: String
    /// The index of the failing operation; nil for a snapshot rejected as given.
    public var operation: Int?
    public var evidence: String
    /// The field of the operation at fault, as a JSON Pointer suffix (`toSection`, `items/2`,
    /// `before`); nil when the operation as a whole is (an `appendItems` with no section yet).
    public var field: String?
    /// The identifier at fault, when one is.
    public var identifier: SnapshotIdentifier?
    /// What is wrong in the request's terms and how to fix it (UIKit's `reason` says neither).
    public var detail: String?
    public var exception: String { "NSInternalInconsistencyException" }

    public init(code: Code, reason: String, operation: Int? = nil, evidence: String) {
        self.code = code
        self.reason = reason
        self.operation = operation
        self.evidence = evidence
    }

    /// The same error, naming the field, the identifier and the fix.
    func at(_ field: String?, _ identifier: SnapshotIdentifier?, _ detail: String) -> SnapshotError {
        var e = self
        e.field = field
        e.identifier = identifier
        e.detail = detail
        return e
    }

    /// `/operations/k/field` (`/operations/k` when no field is at fault); nil without an operation.
    public var pointer: String? {
        guard let k = operation else { return nil }
        return "/operations/\(k)" + (field.map { "/" + $0 } ?? "")
    }
}

/// How details name identifiers: strings quoted, integers bare; lists bounded.
enum SnapshotWords {
    static let listed = 8

    static func quote(_ id: SnapshotIdentifier) -> String {
        switch id {
        case .string(let s): "\"" + s + "\""
        case .integer(let i): String(i)
        }
    }

    /// `"A", "B" and 3 more`; `none` when empty. Reads at most `listed + 1` identifiers.
    static func list<S: Sequence>(_ ids: S, count: Int) -> String where S.Element == SnapshotIdentifier {
        guard count > 0 else { return "none" }
        let shown = Array(ids.prefix(listed)).map(quote).joined(separator: ", ")
        return count > listed ? shown + " and \(count - listed) more" : shown
    }

    /// The position of the second occurrence of `id` in `ids` (a repeat), or of its only one.
    static func repeatIndex(_ id: SnapshotIdentifier, in ids: [SnapshotIdentifier]) -> Int {
        var seen = false
        for (k, x) in ids.enumerated() where x == id {
            if seen { return k }
            seen = true
        }
        return ids.firstIndex(of: id) ?? 0
    }
}

/// What UIKit logs without throwing (D14).
public struct SnapshotWarning: Hashable, Sendable {
    public var code: SnapshotError.Code
    public var message: String
    public var operation: Int?
}

/// UIKit's texts (spec §4), one function per message.
enum SnapshotMessages {
    static let breakpoint = "Set a symbolic breakpoint on BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS to catch this in the debugger."

    static func duplicates(_ ids: [SnapshotIdentifier], sections: Bool) -> SnapshotError {
        let kind = sections ? "section" : "item"
        return SnapshotError(code: sections ? .duplicateSectionIdentifiers : .duplicateItemIdentifiers,
                             reason: "Fatal: supplied \(kind) identifiers are not unique. Duplicate identifiers: \(FoundationDescription.set(ids))",
                             evidence: sections ? "D? (_UIDiffableDataSourceUpdate.m:81)" : "V (firefox-ios#23056), D? (_UIDiffableDataSourceUpdate.m:81)")
    }

    static let noSections = SnapshotError(
        code: .noSections, reason: "There are currently no sections in the data source. Please add a section first.",
        evidence: "D? (__UIDiffableDataSourceSnapshot.m:169), D26 (_UIDiffableDataSourceImpl.m:390)")

    static func sectionsExist(_ ids: [SnapshotIdentifier], sdk: LinkedSDK) -> SnapshotError {
        var text: String
        if ids.count == 1 {
            text = "Diffable data source detected an attempt to insert or append 1 section identifier that already exists in the snapshot. Identifiers in a snapshot must be unique. Section identifier that already exists: \(ids[0])"
        } else {
            text = "Diffable data source detected an attempt to insert or append \(ids.count) section identifiers that already exist in the snapshot. Identifiers in a snapshot must be unique. Section identifiers that already exist: \(FoundationDescription.array(ids))"
        }
        if sdk == .legacy { text += " " + breakpoint + " This will become an assert in a future version." }
        return SnapshotError(code: .sectionIdentifierAlreadyExists, reason: text,
                             evidence: "V (log), D? (_UIDiffableDataSourceHelpers.m:99)")
    }

    static func itemsExist(_ ids: [SnapshotIdentifier]) -> String {
        if ids.count == 1 {
            return "Diffable data source detected an attempt to insert or append 1 item identifier that already exists in the snapshot. The existing item identifier will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. \(breakpoint) Item identifier that already exists: \(ids[0])"
        }
        return "Diffable data source detected an attempt to insert or append \(ids.count) item identifiers that already exist in the snapshot. The existing item identifiers will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. \(breakpoint) Item identifiers that already exist: \(FoundationDescription.array(ids))"
    }

    static func assertion(_ condition: String, evidence: String) -> SnapshotError {
        SnapshotError(code: .parameterAssertion, reason: "Invalid parameter not satisfying: \(condition)", evidence: evidence)
    }

    static func update(action: String, destination: SnapshotIdentifier, ids: [SnapshotIdentifier]) -> String {
        "<_UIDiffableDataSourceUpdate 0xPTR - action: \(action) destinationIdentifier:\(destination); destIsSection: 0; identifiers: \(FoundationDescription.brackets(ids))>"
    }

    static func insertDestinationInList(_ ids: [SnapshotIdentifier], _ x: SnapshotIdentifier, sections: Bool) -> SnapshotError {
        let u = update(action: "INS", destination: x, ids: ids)
        let reason = sections
            ? "Invalid update: destination for section operation [\(x)] is in the inserted section list for update: \(u)"
            : "Invalid update: destination for insertion operation [\(x)] is in the insertion identifier list for update: \(u)."
        return SnapshotError(code: .insertDestinationInList, reason: reason,
                             evidence: sections ? "D? (_UIDiffableDataSourceUpdate.m:165)" : "D? (_UIDiffableDataSourceUpdate.m:169)")
    }

    static func moveRelativeToItself(_ x: SnapshotIdentifier, sections: Bool) -> SnapshotError {
        let u = update(action: "MOV", destination: x, ids: [x])
        return SnapshotError(code: .moveRelativeToItself,
                             reason: "Invalid update: destination for \(sections ? "section" : "item") move is the same as the source [\(x)] for update: \(u).",
                             evidence: sections ? "D? (_UIDiffableDataSourceUpdate.m:174)" : "D? (_UIDiffableDataSourceUpdate.m:176)")
    }

    static func unknown(_ verb: String, item: Bool, _ x: SnapshotIdentifier) -> SnapshotError {
        let code: SnapshotError.Code = !item ? .reloadUnknownSection : verb == "reload" ? .reloadUnknownItem : .reconfigureUnknownItem
        return SnapshotError(code: code,
                             reason: "Attempted to \(verb) \(item ? "item" : "section") identifier that does not exist in the snapshot: \(x)",
                             evidence: item ? "V, D? (__UIDiffableDataSourceSnapshot.m:377)" : "D? (__UIDiffableDataSourceSnapshot.m:374), R host-checked")
    }
}
