import Foundation
import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing
import UpdateEngine

/// `POST /crash/explain` on the 31 real messages of Fixtures/crash-examples.json: each is
/// recognised, and each of a kind layoutd models round-trips (its reproduction, posted back,
/// answers UIKit's same message, pointers masked and line breaks as spaces).
@Suite struct CrashExplainTests {
    let app = LayoutApplication.make()

    static let examples: [(template: String, message: String)] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/crash-examples.json")
        guard let data = try? Data(contentsOf: url),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let messages = root["messages"] as? [[String: Any]] else { return [] }
        return messages.compactMap { m in
            guard let t = m["template"] as? String, let s = m["message"] as? String else { return nil }
            return (t, s)
        }
    }()

    /// The examples of kinds layoutd models (batch updates, snapshots, flow-layout sizes).
    static let modelled: Set<String> = [
        "attempt_to_delete_and_reload_same_index_path", "attempt_to_delete_item_beyond_count", "attempt_to_delete_row_beyond_count",
        "attempt_to_delete_row_from_nonexistent_section", "attempt_to_insert_and_move_same_index_path", "attempt_to_insert_item_beyond_count",
        "attempt_to_insert_row_beyond_count", "diffable_identifier_already_exists", "diffable_invalid_parameter_not_found",
        "diffable_item_identifiers_not_unique", "diffable_reconfigure_or_reload_missing_item", "flow_layout_item_height_invalid",
        "flow_layout_item_width_invalid", "invalid_batch_updates_detected", "invalid_number_of_items", "invalid_number_of_rows",
        "invalid_number_of_sections",
    ]

    func explain(_ text: String, contentType: String = "text/plain") -> Response {
        app.post(text, target: "/crash/explain", headers: [("Content-Type", contentType)])
    }

    @Test(arguments: examples.map(\.template))
    func everyExampleIsExplainedAndModelledOnesRoundTrip(_ template: String) throws {
        let example = try #require(Self.examples.first { $0.template == template })
        let r = explain(example.message)
        #expect(r.status == 200)
        #expect(r.header("Cache-Control") == "no-store")
        let finding = try #require(CrashJSON.findings(r).first)
        let reproduction = finding["reproduction"] as? [String: Any]
        #expect((reproduction != nil) == Self.modelled.contains(template), "\(template): \(finding["reproductionNote"] ?? "")")
        if let reproduction { try CrashJSON.expectRoundTrip(app, finding, reproduction) }
    }
}

/// Reading `/crash/explain` answers in tests.
enum CrashJSON {
    static func findings(_ r: Response) -> [[String: Any]] {
        guard let root = try? JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any] else { return [] }
        return root["findings"] as? [[String: Any]] ?? []
    }

    static func value(_ json: Any, _ pointer: String) -> Any? {
        var current: Any? = json
        for token in pointer.split(separator: "/").map(String.init) {
            if let o = current as? [String: Any] { current = o[token] } else if let a = current as? [Any], let k = Int(token), k < a.count { current = a[k] } else { return nil }
        }
        return current
    }

    /// Posts the reproduction and checks the answer carries the finding's message.
    static func expectRoundTrip(_ app: LayoutApplication, _ finding: [String: Any], _ reproduction: [String: Any]) throws {
        let path = try #require(reproduction["path"] as? String)
        let body = try #require(reproduction["body"])
        let data = try JSONSerialization.data(withJSONObject: body)
        let answer = app.respond(to: Request(method: "POST", target: path, headers: [("Content-Type", "application/json")], body: Array(data)))
        #expect(answer.status == 200)
        let expect = try #require(reproduction["expect"] as? [String: Any])
        let pointer = try #require(expect["pointer"] as? String)
        let json = try JSONSerialization.jsonObject(with: Data(answer.body))
        let got = try #require(value(json, pointer) as? String, "nothing at \(pointer) of \(String(decoding: answer.body, as: UTF8.self))")
        let message = try #require(finding["message"] as? String)
        let expected = CrashScanner.comparable(CrashReproducer.core(message))
        if finding["truncated"] as? Bool == true {
            #expect(CrashScanner.comparable(got).hasPrefix(expected))
        } else if finding["class"] as? String == "flowLayout" {
            // An older release's wording round-trips as today's, and the reproduction says so.
            let older = CrashReproducer.olderFlowWording
            #expect(older(CrashScanner.comparable(got)).hasPrefix(older(expected)), "\(got)\n\(expected)")
            if !CrashScanner.comparable(got).hasPrefix(expected) {
                let assumptions = reproduction["assumptions"] as? [String] ?? []
                #expect(assumptions.contains { $0.contains("an older release's") }, "\(assumptions)")
            }
        } else {
            // Crashlytics drops the final period of a reason.
            #expect(CrashScanner.comparable(got) == expected || CrashScanner.comparable(got) == expected + ".")
        }
        #expect(got == expect["message"] as? String)
    }
}
