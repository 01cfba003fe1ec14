/// `NSDiffableDataSourceSnapshot`'s content: ordered sections, each with its ordered items.
///
/// Section and item identifiers are separate namespaces; an item occurs at most once in the whole
/// snapshot and a section at most once (spec D1, D2). `SnapshotValidation.problems` says whether a
/// value built from client input can be a snapshot at all.
public struct DiffableSnapshot: Hashable, Sendable {
    public struct Section: Hashable, Sendable {
        public var id: SnapshotIdentifier
        public var items: [SnapshotIdentifier]
        public init(id: SnapshotIdentifier, items: [SnapshotIdentifier] = []) { self.id = id; self.items = items }
    }

    public var sections: [Section]

    public init(sections: [Section] = []) { self.sections = sections }

    /// Items per section (the batch validator's `before`/`after`).
    public var counts: [Int] { sections.map(\.items.count) }
    /// `numberOfItems`.
    public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }
    /// `itemIdentifiers`: sections concatenated (the global order of D3).
    public var itemIdentifiers: [SnapshotIdentifier] { sections.flatMap(\.items) }
    /// `sectionIdentifiers`.
    public var sectionIdentifiers: [SnapshotIdentifier] { sections.map(\.id) }
}

/// One call on a snapshot, in UIKit's vocabulary. `Position` is `before:`/`after:` of the Swift
/// API (`insertSections(_:beforeSection:)`, `insertItems(_:afterItem:)`, `moveItem(_:beforeItem:)`, …).
public enum SnapshotOperation: Hashable, Sendable {
    public enum Position: Hashable, Sendable {
        case before(SnapshotIdentifier)
        case after(SnapshotIdentifier)

        public var identifier: SnapshotIdentifier {
            switch self { case .before(let x), .after(let x): x }
        }
        var isAfter: Bool { if case .after = self { true } else { false } }
    }

    case appendSections([SnapshotIdentifier])
    case insertSections([SnapshotIdentifier], Position)
    case deleteSections([SnapshotIdentifier])
    case moveSection(SnapshotIdentifier, Position)
    case reloadSections([SnapshotIdentifier])
    case appendItems([SnapshotIdentifier], toSection: SnapshotIdentifier?)
    case insertItems([SnapshotIdentifier], Position)
    case deleteItems([SnapshotIdentifier])
    case deleteAllItems
    case moveItem(SnapshotIdentifier, Position)
    case reloadItems([SnapshotIdentifier])
    case reconfigureItems([SnapshotIdentifier])

    /// The wire name (`op`).
    public var name: String {
        switch self {
        case .appendSections: "appendSections"
        case .insertSections: "insertSections"
        case .deleteSections: "deleteSections"
        case .moveSection: "moveSection"
        case .reloadSections: "reloadSections"
        case .appendItems: "appendItems"
        case .insertItems: "insertItems"
        case .deleteItems: "deleteItems"
        case .deleteAllItems: "deleteAllItems"
        case .moveItem: "moveItem"
        case .reloadItems: "reloadItems"
        case .reconfigureItems: "reconfigureItems"
        }
    }

    /// Identifiers the operation names (its arguments), the figure a caller caps.
    public var argumentCount: Int {
        switch self {
        case .appendSections(let l), .insertSections(let l, _), .deleteSections(let l), .reloadSections(let l),
             .appendItems(let l, _), .insertItems(let l, _), .deleteItems(let l), .reloadItems(let l), .reconfigureItems(let l):
            l.count + 1
        case .moveSection, .moveItem: 2
        case .deleteAllItems: 1
        }
    }

    /// Identifiers the operation's arguments hold, exactly (its list and its destination): what
    /// the request's cap on identifiers counts.
    public var identifierCount: Int {
        switch self {
        case .appendSections(let l), .deleteSections(let l), .reloadSections(let l), .deleteItems(let l), .reloadItems(let l),
             .reconfigureItems(let l):
            l.count
        case .insertSections(let l, _), .insertItems(let l, _): l.count + 1
        case .appendItems(let l, let section): l.count + (section == nil ? 0 : 1)
        case .moveSection, .moveItem: 2
        case .deleteAllItems: 0
        }
    }
}

/// The SDK an app links against: UIKit gates some behaviour on `dyld_program_sdk_at_least` (D34, D36, D23b).
public enum LinkedSDK: String, Hashable, Sendable, CaseIterable {
    case current
    case legacy
}

/// Where the applied snapshot came from (D37): a fresh snapshot (UIKit diffs), or
/// `dataSource.snapshot()` mutated (with exactly one operation UIKit applies its updates directly).
public enum SnapshotSource: String, Hashable, Sendable, CaseIterable {
    case fresh
    case dataSource
}
