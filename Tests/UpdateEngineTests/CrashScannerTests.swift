import Foundation
import Testing
@testable import UpdateEngine

/// The reason finder (`CrashScanner`) on the real messages of Fixtures/crash-examples.json (31
/// messages developers pasted into public issues, each with its source) and on other wrappers,
/// numbers and identifiers.
@Suite struct CrashScannerTests {
    struct Example { let template: String; let message: String }

    static let examples: [Example] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/crash-examples.json")
        guard let data = try? Data(contentsOf: url),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let messages = root["messages"] as? [[String: Any]] else { return [] }
        return messages.compactMap { m in
            guard let t = m["template"] as? String, let s = m["message"] as? String else { return nil }
            return Example(template: t, message: s)
        }
    }()

    static let expectedCode: [String: String] = [
        "attempt_to_delete_and_reload_same_index_path": "DELETE_AND_RELOAD_SAME_INDEX_PATH",
        "attempt_to_delete_item_beyond_count": "DELETE_ITEM_OUT_OF_RANGE",
        "attempt_to_delete_row_beyond_count": "DELETE_ITEM_OUT_OF_RANGE",
        "attempt_to_delete_row_from_nonexistent_section": "DELETE_ITEM_SECTION_OUT_OF_RANGE",
        "attempt_to_insert_and_move_same_index_path": "INSERT_AND_MOVE_SAME_INDEX_PATH",
        "attempt_to_insert_item_beyond_count": "INSERT_ITEM_OUT_OF_RANGE",
        "attempt_to_insert_row_beyond_count": "INSERT_ITEM_OUT_OF_RANGE",
        "collection_cell_without_reuse_identifier": "CELL_WITHOUT_REUSE_IDENTIFIER",
        "could_not_dequeue_view_of_kind": "DEQUEUE_UNREGISTERED_VIEW",
        "diffable_identifier_already_exists": "SECTION_IDENTIFIER_ALREADY_EXISTS",
        "diffable_invalid_parameter_not_found": "PARAMETER_ASSERTION",
        "diffable_item_identifiers_not_unique": "DUPLICATE_ITEM_IDENTIFIERS",
        "diffable_reconfigure_or_reload_missing_item": "RECONFIGURE_UNKNOWN_ITEM",
        "expected_dequeued_view_returned": "DEQUEUED_VIEW_NOT_RETURNED",
        "flow_layout_cached_frame_mismatch": "FLOW_LAYOUT_CACHED_FRAME_MISMATCH",
        "flow_layout_item_height_invalid": "ITEM_TOO_TALL",
        "flow_layout_item_width_invalid": "ITEM_TOO_WIDE",
        "invalid_batch_updates_detected": "INVALID_BATCH_UPDATES",
        "invalid_number_of_items": "INVALID_NUMBER_OF_ITEMS",
        "invalid_number_of_rows": "INVALID_NUMBER_OF_ITEMS",
        "invalid_number_of_sections": "INVALID_NUMBER_OF_SECTIONS",
        "layout_attributes_for_nonexistent_index_path": "LAYOUT_ATTRIBUTES_FOR_NONEXISTENT_INDEX_PATH",
        "no_layout_attributes_instance": "NO_LAYOUT_ATTRIBUTES",
        "request_for_number_of_items_in_section": "NUMBER_OF_ITEMS_IN_NONEXISTENT_SECTION",
        "scroll_collection_view_out_of_bounds": "SCROLL_TO_ITEM_OUT_OF_BOUNDS",
        "scroll_to_row_out_of_bounds": "TABLE_SCROLL_ROW_OUT_OF_BOUNDS",
        "supplementary_attributes_changed_without_invalidating": "SUPPLEMENTARY_ATTRIBUTES_CHANGED",
        "table_datasource_must_return_cell": "TABLE_CELL_NIL",
        "table_failed_to_obtain_cell": "TABLE_FAILED_TO_OBTAIN_CELL",
        "table_layout_outside_view_hierarchy": "TABLE_LAYOUT_OUTSIDE_VIEW_HIERARCHY",
        "unable_to_dequeue_cell_with_identifier": "DEQUEUE_UNREGISTERED_CELL",
    ]

    @Test func fixtureHoldsTheThirtyOneExamples() {
        #expect(Self.examples.count == 31)
        #expect(Set(Self.examples.map(\.template)) == Set(Self.expectedCode.keys))
    }

    @Test(arguments: examples.map(\.template))
    func everyExampleIsRecognisedOnce(_ template: String) throws {
        let example = try #require(Self.examples.first { $0.template == template })
        let scan = CrashScanner.scan(example.message)
        #expect(scan.findings.map(\.entry.code) == [Self.expectedCode[template] ?? "?"], "\(template)")
        if let f = scan.findings.first, ProcessInfo.processInfo.environment["CRASH_DEBUG"] != nil {
            print("[\(template)] \(f.entry.code) truncated=\(f.truncated) facts=\(f.facts.entries.map { "\($0.name)=\($0.value)" }) msg=\(f.message.prefix(160))")
        }
    }
}
