/// One violation or hazard found in a batch, tied to the call that caused it.
///
/// UIKit reports only its first failure and never names the culprit (spec §4); an issue says
/// which list (`update`) and which entry (`index`) is at fault and how to fix it.
public struct BatchIssue: Hashable, Sendable {
    /// Stable identifier, e.g. `DELETE_ITEM_OUT_OF_RANGE` (see `BatchIssueCode`).
    public var code: String
    /// UIKit's exact reason text (for UIKit's own checks), or a validator message for hazards.
    public var message: String
    /// The update list at fault, e.g. "deleteItems"; "dataSource" for count mismatches.
    public var update: String
    /// Position of the culprit in that list, when one entry is at fault.
    public var index: Int?
    /// The item concerned, if any (coordinates as the list uses them).
    public var indexPath: IndexPath?
    /// The section concerned, if any (for count checks: the new section index).
    public var section: Int?
    /// How to fix it, in words: why, then the edits.
    public var fix: String
    /// The fix as edits of the request's `updates` (see `BatchEdit`). For UIKit's errors, the edits
    /// of all errors applied together give a batch UIKit accepts; empty for hazards and for
    /// negative counts (the data source's figures are not edited).
    public var edits: [BatchEdit]

    public init(code: String, message: String, update: String, index: Int? = nil,
                indexPath: IndexPath? = nil, section: Int? = nil, fix: String, edits: [BatchEdit] = []) {
        self.code = code
        self.message = message
        self.update = update
        self.index = index
        self.indexPath = indexPath
        self.section = section
        self.fix = fix
        self.edits = edits
    }
}

/// The stable codes of `BatchIssue.code`, in UIKit's check order (spec §2), then hazards (§5).
public enum BatchIssueCode: String, Hashable, Sendable, CaseIterable {
    /// Input errors (spec §5: negative indexes), reported before UIKit's checks.
    case negativeIndex = "NEGATIVE_INDEX"
    case negativeCount = "NEGATIVE_COUNT"
    case deleteAndReloadSameIndexPath = "DELETE_AND_RELOAD_SAME_INDEX_PATH"
    case deleteAndReloadSameSection = "DELETE_AND_RELOAD_SAME_SECTION"
    case deleteAndMoveSameSection = "DELETE_AND_MOVE_SAME_SECTION"
    case deleteAndMoveSameIndexPath = "DELETE_AND_MOVE_SAME_INDEX_PATH"
    case deleteSectionOutOfRange = "DELETE_SECTION_OUT_OF_RANGE"
    case deleteItemSectionOutOfRange = "DELETE_ITEM_SECTION_OUT_OF_RANGE"
    case deleteItemOutOfRange = "DELETE_ITEM_OUT_OF_RANGE"
    case moveFromDeletedSection = "MOVE_FROM_DELETED_SECTION"
    case insertAndMoveSameSection = "INSERT_AND_MOVE_SAME_SECTION"
    case insertAndMoveSameIndexPath = "INSERT_AND_MOVE_SAME_INDEX_PATH"
    case insertSectionOutOfRange = "INSERT_SECTION_OUT_OF_RANGE"
    case insertItemSectionOutOfRange = "INSERT_ITEM_SECTION_OUT_OF_RANGE"
    case insertItemOutOfRange = "INSERT_ITEM_OUT_OF_RANGE"
    case moveIntoInsertedSection = "MOVE_INTO_INSERTED_SECTION"
    case moveSectionOutOfRange = "MOVE_SECTION_OUT_OF_RANGE"
    case moveSectionDestinationOutOfRange = "MOVE_SECTION_DESTINATION_OUT_OF_RANGE"
    case moveItemSectionOutOfRange = "MOVE_ITEM_SECTION_OUT_OF_RANGE"
    case moveItemOutOfRange = "MOVE_ITEM_OUT_OF_RANGE"
    case moveItemDestinationSectionOutOfRange = "MOVE_ITEM_DESTINATION_SECTION_OUT_OF_RANGE"
    case moveItemDestinationOutOfRange = "MOVE_ITEM_DESTINATION_OUT_OF_RANGE"
    case moveSectionToTwoDestinations = "MOVE_SECTION_TO_TWO_DESTINATIONS"
    case moveItemToTwoDestinations = "MOVE_ITEM_TO_TWO_DESTINATIONS"
    case moveTwoSectionsToSameDestination = "MOVE_TWO_SECTIONS_TO_SAME_DESTINATION"
    case moveTwoItemsToSameDestination = "MOVE_TWO_ITEMS_TO_SAME_DESTINATION"
    case invalidNumberOfSections = "INVALID_NUMBER_OF_SECTIONS"
    case invalidNumberOfItems = "INVALID_NUMBER_OF_ITEMS"
    case deleteMoreItemsThanExist = "DELETE_MORE_ITEMS_THAN_EXIST"
    // Hazards UIKit does not throw for (spec §5): warnings, errors under `strict`.
    case itemChangesInMovedSection = "ITEM_CHANGES_IN_MOVED_SECTION"
    case reloadTargetIgnoresMoves = "RELOAD_TARGET_IGNORES_MOVES"
    case duplicateDelete = "DUPLICATE_DELETE"

    /// Count mismatches: the only failures iOS 16.4+ words as "Invalid batch updates detected".
    var isCountMismatch: Bool {
        self == .invalidNumberOfSections || self == .invalidNumberOfItems || self == .deleteMoreItemsThanExist
    }
}
