import Foundation
import HTTP
@testable import LayoutAPI
import Testing

/// A crash text cannot buy an answer much larger than itself: a pasted iOS 16.4+ batch of N
/// sections whose counts all disagree has N violations, and listing them all made a 1.2 MB text
/// a 200 MB answer (4 GB of server memory for ten such reasons). The list stops at 100 with a
/// count, and the answer's size is bounded before it is encoded.
@Suite struct CrashAnswerBoundTests {
    static func sixteenFour(sections n: Int, first: Int) -> String {
        let before = ([first] + Array(repeating: 5, count: n - 1)).map(String.init).joined(separator: ", ")
        let after = Array(repeating: "4", count: n).joined(separator: ", ")
        return "Invalid batch updates detected: the number of sections and/or rows returned by the data source before and after performing the batch updates are inconsistent with the updates. Data source before updates = { \(n) sections with row counts: [\(before)] } Data source after updates = { \(n) sections with row counts: [\(after)] } Updates = [ ]"
    }

    @Test func violationsStopAtAHundredWithACountAndTheAnswerStaysNearTheTextsSize() throws {
        let text = (6..<9).map { Self.sixteenFour(sections: 2_000, first: $0) }.joined(separator: "\n")
        let app = LayoutApplication.make()
        let r = app.post(text, target: "/crash/explain", headers: [("Content-Type", "text/plain")])
        #expect(r.status == 200)
        let findings = CrashJSON.findings(r)
        #expect(findings.count == 3)
        for f in findings {
            #expect((f["violations"] as? [Any])?.count == 100)
            #expect(f["violationsOmitted"] as? Int == 1_900)
            // The explanation spells out ten sections and shortens the count lists to twenty.
            let explanation = f["explanation"] as? String ?? ""
            #expect(explanation.count < 2_000, "\(explanation.count) characters")
            #expect(explanation.contains("Section 9: 5 + 0 inserted − 0 deleted = 5, but the data source returned 4. 1990 more sections disagree the same way (2000 in all)."))
            #expect(explanation.contains("… 1980 more]"))
        }
        #expect(r.body.count < 12 * text.utf8.count, "\(r.body.count) bytes for \(text.utf8.count)")
        let explanation = CrashExplainer.explain(text: text)
        #expect(CrashEncoder.explanation(explanation).count <= AnswerBounds.crash(explanation))
    }

    @Test func anAnswerPastTheLimitIsRefusedBeforeItIsBuilt() throws {
        let app = LayoutApplication(configuration: ServiceConfiguration(maxAnswerBytes: 200_000))
        let r = app.post(Self.sixteenFour(sections: 2_000, first: 6), target: "/crash/explain", headers: [("Content-Type", "text/plain")])
        #expect(r.status == 422)
        #expect(r.text.contains("answer-too-large"))
        #expect(r.text.contains("200000 bytes"))
    }

    /// The bound is never below what the encoder writes, over the real examples.
    @Test func boundIsNeverBelowTheAnswerForTheExamples() throws {
        #expect(CrashExplainTests.examples.count == 31)
        for m in CrashExplainTests.examples {
            let e = CrashExplainer.explain(text: m.message)
            #expect(CrashEncoder.explanation(e).count <= AnswerBounds.crash(e))
        }
    }
}
