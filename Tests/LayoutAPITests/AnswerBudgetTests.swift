import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing
import TestSupport
import UpdateEngine

/// Issue 33, finding 1: every answer that can grow beyond its request is bounded in bytes before
/// it is built, and past `--max-answer-bytes` it is a 422 that names the limit (and the operation
/// that passed it), never an answer that takes the server's memory with it.
@Suite struct AnswerBudgetTests {
    static func app(maxAnswerBytes: Int) -> LayoutApplication {
        LayoutApplication(configuration: ServiceConfiguration(maxAnswerBytes: maxAnswerBytes))
    }

    /// The attack's shape, scaled down: two children with 5,000-character identifiers and 100
    /// `snapshot(of:)` operations, each copying both (about 40 KB per operation, 4 MB asked for
    /// by a 12 KB request). Before: a 200 of 4 MB whatever the limit.
    @Test func snapshotOperationsAskingForMoreThanTheLimitAreA422AtTheOperationThatPassedIt() throws {
        let big = String(repeating: "x", count: 5_000)
        let ops = Array(repeating: #"{"op":"snapshot","item":"r"}"#, count: 100).joined(separator: ",")
        let body = #"{"snapshot":{"items":[{"id":"r","expanded":true,"children":[{"id":"\#(big)1"},{"id":"\#(big)2"}]}]},"operations":[\#(ops)]}"#
        let r = Self.app(maxAnswerBytes: 100_000).post(body, target: "/snapshot/section")
        #expect(r.status == 422)
        #expect(r.pointers == ["/operations/2"])
        #expect(r.text.contains("https://layoutd.dev/problems/answer-too-large"))
        #expect(r.detail?.contains("more than this server sends in one answer (100000 bytes: --max-answer-bytes, at most --max-buffered-bytes)") == true)
        // Under the limit the same kind of request is answered whole, within its bound.
        let few = #"{"snapshot":{"items":[{"id":"r","expanded":true,"children":[{"id":"\#(big)1"},{"id":"\#(big)2"}]}]},"operations":[{"op":"snapshot","item":"r"}]}"#
        let ok = Self.app(maxAnswerBytes: 100_000).post(few, target: "/snapshot/section")
        #expect(ok.status == 200)
        #expect(ok.body.count > 40_000 && ok.body.count < 100_000)
    }

    /// `parent` answers copy an identifier each: 60 of them on a 2,000-character parent.
    @Test func parentAnswersCountTheirIdentifiers() {
        let big = String(repeating: "p", count: 2_000)
        let ops = Array(repeating: #"{"op":"parent","item":"c"}"#, count: 60).joined(separator: ",")
        let body = #"{"snapshot":{"items":[{"id":"\#(big)","children":[{"id":"c"}]}]},"operations":[\#(ops)]}"#
        let r = Self.app(maxAnswerBytes: 64 * 1024).post(body, target: "/snapshot/section")
        #expect(r.status == 422)
        #expect(r.pointers.first?.hasPrefix("/operations/") == true)
    }

    /// A batch verdict lists every item in its mapping: 20,000 items is a 30-byte request.
    @Test func aVerdictOverTheLimitIsA422() {
        let r = Self.app(maxAnswerBytes: 100_000).post(#"{"before":[20000],"after":[20000],"updates":{}}"#, target: "/batch/validate")
        #expect(r.status == 422)
        #expect(r.detail?.hasPrefix("This verdict (its mapping and steps list every item) would take at least") == true)
        #expect(Self.app(maxAnswerBytes: 10_000_000).post(#"{"before":[20000],"after":[20000],"updates":{}}"#, target: "/batch/validate").status == 200)
    }

    @Test func aSnapshotAnswerOverTheLimitIsA422() {
        let items = (0..<20_000).map(String.init).joined(separator: ",")
        let body = #"{"old":{"sections":[{"id":"A","items":[]}]},"operations":[{"op":"appendItems","items":[\#(items)]}]}"#
        let r = Self.app(maxAnswerBytes: 100_000).post(body, target: "/snapshot/apply")
        #expect(r.status == 422)
        #expect(r.detail?.hasPrefix("The answer to this snapshot (the snapshot, its batches and verdicts) would take at least") == true)
    }

    /// A full layout or element list past the limit: refused before it is encoded when even its
    /// smallest elements would pass it, stopped at the limit otherwise; never a body over it.
    @Test(arguments: [1_000, 20_000, 60_000, 200_000])
    func fullLayoutsAndListsNeverPassTheLimit(limit: Int) throws {
        let app = Self.app(maxAnswerBytes: limit)
        let body = #"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":500}]}"#
        let full = app.post(body)
        let id = try #require(app.post(body, headers: [("Content-Type", "application/json"), ("Prefer", "return=minimal")]).id)
        let list = app.get("/layout/\(id)/elements")
        let whole = LayoutApplication.make().post(body).body.count
        for r in [full, list] {
            if r.status == 200 { #expect(r.body.count <= limit) } else {
                #expect(r.status == 422)
                #expect(r.text.contains("answer-too-large"))
            }
        }
        #expect((full.status == 200) == (whole <= limit))
        // The binary answers (`AnswerBounds.protobuf`): the same rule, at about a tenth of the bytes.
        let pb = [("Accept", ProtobufEncoder.mediaType)]
        let binary = app.get("/layout/\(id)", headers: pb), binaryList = app.get("/layout/\(id)/elements", headers: pb)
        let unlimited = LayoutApplication.make()
        #expect(unlimited.post(body).status == 200)
        let binaryWhole = unlimited.get("/layout/\(id)", headers: pb).body.count
        for r in [binary, binaryList] {
            if r.status == 200 { #expect(r.body.count <= limit) } else {
                #expect(r.status == 422)
                #expect(r.text.contains("answer-too-large"))
            }
        }
        #expect(binaryWhole > 2_000 && binaryWhole < 5_000)
        #expect((binary.status == 200) == (binaryWhole <= limit))
        #expect((binaryList.status == 200) == (binaryWhole <= limit))
    }

    /// The bounds are never below what the encoders write (random snapshots and batches).
    @Test func boundsAreNeverBelowTheAnswers() throws {
        var g = SeededRandom(seed: 33)
        for _ in 0..<200 {
            let n = Int(g.next() % 40)
            let ids = (0..<n).map { k in g.next() % 3 == 0 ? "\(Int64(bitPattern: g.next()))" : "\"i\(k)\\n\\\"\(g.next() % 1000)\"" }
            let moved = ids.shuffled(using: &g).prefix(Int(g.next() % UInt64(n + 1)))
            let body = #"{"old":{"sections":[{"id":"A","items":[\#(ids.joined(separator: ","))]}]},"new":{"sections":[{"id":"B","items":[]},{"id":"A","items":[\#(moved.joined(separator: ","))]}],"reloadedItems":[\#(moved.prefix(2).joined(separator: ","))]}}"#
            let request = try SnapshotRequestDecoder.decode(Array(body.utf8), maxOperations: 1000)
            let outcome = try SnapshotApply.run(old: request.old, change: request.change, source: request.source, sdk: request.linkedSDK)
            #expect(SnapshotEncoder.outcome(outcome).count <= AnswerBounds.outcome(outcome))
            let before = (0..<3).map { _ in Int(g.next() % 30) }
            let verdict = BatchValidation.validate(before: before, after: before.reversed(), updates: BatchUpdates(deleteItems: [IndexPath(section: 0, item: 0)]), flavor: .collectionView)
            #expect(BatchEncoder.verdict(verdict, repairAsked: false).count <= AnswerBounds.verdict(verdict))
        }
    }
}
