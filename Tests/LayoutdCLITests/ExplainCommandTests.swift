import LayoutdCLI
import Testing

/// `layoutd explain < crash.txt`: the explanation as text, its exit status, and its arguments.
@Suite struct ExplainCommandTests {
    static let report = Array("Fatal Exception: NSInternalInconsistencyException attempt to delete row 9 from section 0 which only contains 0 rows before the update".utf8)

    @Test func explainsAReasonAsTextWithTheCurlThatReproducesIt() {
        let r = ExplainCommand.run(arguments: ["--server", "http://127.0.0.1:9000"], input: Self.report)
        #expect(r.status == 0)
        #expect(r.error.isEmpty)
        #expect(r.output.hasPrefix("1 UIKit reason found.\n\n[1] DELETE_ITEM_OUT_OF_RANGE  (tableView, NSInternalInconsistencyException)\n    attempt to delete row 9 from section 0 which only contains 0 rows before the update\n"))
        #expect(r.output.contains(#"curl -s http://127.0.0.1:9000/batch/validate -H 'Content-Type: application/json' -d '{"before":[0],"flavor":"tableView","updates":{"deleteItems":[[0,9]]}}'"#))
    }

    @Test func jsonIsTheRoutesAnswer() {
        let r = ExplainCommand.run(arguments: ["--json", "--ios", "16.1"], input: Self.report)
        #expect(r.status == 0)
        #expect(r.output.hasPrefix(#"{"findings":[{"code":"DELETE_ITEM_OUT_OF_RANGE""#))
        #expect(r.output.hasSuffix(#""omitted":0,"ios":"16.1","uikitBuild":null}"# + "\n"))
    }

    @Test func noReasonIsExitOneAndBadInputExitTwo() {
        let none = ExplainCommand.run(arguments: [], input: Array("all good".utf8))
        #expect(none.status == 1)
        #expect(none.error.hasPrefix("layoutd explain: no UIKit exception reason found in the 8 bytes read."))
        #expect(ExplainCommand.run(arguments: ["--ios", "new"], input: Self.report).status == 2)
        #expect(ExplainCommand.run(arguments: ["--flavor", "grid"], input: Self.report).status == 2)
        #expect(ExplainCommand.run(arguments: ["--verbose"], input: Self.report).status == 2)
        #expect(ExplainCommand.run(arguments: [], input: [0x41, 0xFF]).status == 2)
        #expect(ExplainCommand.run(arguments: ["--help"], input: []).output == ExplainCommand.usage)
    }
}
