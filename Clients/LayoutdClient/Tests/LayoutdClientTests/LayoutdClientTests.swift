import Foundation
import LayoutdClient
import Testing

/// The client against a real layoutd: `LAYOUTD_URL` names it (scripts/ci-client builds and
/// starts one). Every documented answer is decoded through the generated types here.
@Suite struct LayoutdClientTests {
    let client: LayoutdClient

    init() throws {
        let url = try #require(ProcessInfo.processInfo.environment["LAYOUTD_URL"].flatMap(URL.init(string:)),
                               "set LAYOUTD_URL to a running layoutd, e.g. http://127.0.0.1:8080 (scripts/ci-client does)")
        client = LayoutdClient(serverURL: url)
    }

    static let view = Components.Schemas.CollectionView(width: 375, height: 667)
    /// flow-layout.md §14 example 1: W 320, 100x100, 5 items.
    static let grid = LayoutdClient.LayoutRequest.FlowLayoutRequest(.init(
        collectionView: .init(width: 320, height: 480),
        layout: .init(itemSize: .init(width: 100, height: 100)),
        sections: [.init(numberOfItems: 5)]))

    func frames(_ elements: [LayoutdClient.Element]) -> [[Double]] {
        elements.map { [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height] }
    }

    @Test func minimalLayoutHasUIKitsFramesAndTheFixedID() async throws {
        let layout = try await client.layout(.FlowLayoutRequest(.init(collectionView: Self.view, sections: [.init(numberOfItems: 3)])))
        #expect(layout.id == "1276bb76407edf9a93b441a02593f676")
        #expect(layout.contentSize == .init(width: 375, height: 50))
        #expect(frames(layout.elements) == [[0, 0, 50, 50], [65, 0, 50, 50], [130, 0, 50, 50]])
        #expect(layout.elements.map(\.indexPath) == [[0, 0], [0, 1], [0, 2]])
        #expect(layout.elements.allSatisfy { $0.category == .cell && $0.kind == nil && $0.zIndex == 0 })
        #expect(layout.warnings.isEmpty)
        let again = try await client.layout(id: layout.id)
        #expect(again == layout)
    }

    @Test func preferMinimalGivesTheSummaryDespiteTheGeneratorsPercentEncoding() async throws {
        let summary = try await client.summary(Self.grid)
        #expect(summary.id == "5d07c38217c596b3a5b6a3baf19d5db0")
        #expect(summary.contentSize == .init(width: 320, height: 210))
        #expect(summary.counts == .init(elements: 5, cells: 5, headers: 0, footers: 0, sections: 1))
    }

    @Test func sectionsWithItemSizesAndHeadersAreSent() async throws {
        let layout = try await client.layout(.FlowLayoutRequest(.init(
            collectionView: .init(width: 320, height: 568),
            layout: .init(minimumLineSpacing: 8, minimumInteritemSpacing: 8, headerReferenceSize: .init(width: 0, height: 40),
                          rowAlignment: .init(commonRow: .left, lastRow: .left, vertical: .top)),
            sections: [.init(itemSizes: [.init(width: 120, height: 32), .init(width: 80, height: 32), .init(width: 150, height: 40)])])))
        #expect(layout.elements.map(\.category) == [Components.Schemas.Element.CategoryPayload.supplementaryView, .cell, .cell, .cell])
        #expect(layout.elements[0].kind == "header")
        #expect(frames(layout.elements) == [[0, 0, 320, 40], [0, 40, 120, 32], [128, 40, 80, 32], [0, 80, 150, 40]])
    }

    @Test func otherLayoutTypesEncodeTheirType() async throws {
        let waterfall = try await client.layout(.WaterfallLayoutRequest(.init(
            collectionView: .init(width: 320, height: 568), layout: .init(_type: .waterfall),
            sections: [.init(itemSizes: [.init(width: 100, height: 150), .init(width: 100, height: 100)])])))
        #expect(frames(waterfall.elements) == [[0, 0, 155, 232.5], [165, 0, 155, 155]])
        let grid = try await client.layout(.GridLayoutRequest(.init(
            collectionView: .init(width: 320, height: 568), layout: .init(_type: .grid, itemsPerLine: 3, sideMargin: 10, spacing: 5),
            sections: [.init(numberOfItems: 4)])))
        #expect(grid.elements.count == 4)
        #expect(grid.elements[0].frame == .init(x: 10, y: 0, width: 96.5, height: 72.375))
    }

    @Test func elementQueriesByRectPointAndIndexPath() async throws {
        let id = try await client.layout(Self.grid).id
        #expect(try await client.elements(in: .init(x: 105, y: 50, width: 10, height: 100), of: id).map(\.indexPath) == [[0, 1], [0, 4]])
        #expect(try await client.elements(in: .init(x: 0.5, y: -1e-3, width: 1e2, height: 0.25), of: id).map(\.indexPath) == [[0, 0]])
        #expect(try await client.elements(at: .init(x: 150, y: 150), of: id).map(\.indexPath) == [[0, 4]])
        let cell = try #require(try await client.element(at: [0, 3], of: id))
        #expect(cell.frame == .init(x: 0, y: 110, width: 100, height: 100))
        #expect(try await client.element(at: [0, 5], of: id) == nil)
        #expect(try await client.element(at: [0, 0], kind: "header", of: id) == nil)
    }

    @Test func rotationInvalidatesWithTheNewLayout() async throws {
        let id = try await client.layout(Self.grid).id
        let answer = try await client.invalidate(id, bounds: .init(x: 0, y: 0, width: 480, height: 320))
        #expect(answer.invalidated)
        #expect(answer.previousId == id)
        #expect(answer.id == "938094aeb5ad0501e7284852f0b77764")
        #expect(answer.contentSizeAdjustment == .init(width: 160, height: 0))
        #expect(answer.targetContentOffset == .init(x: 0, y: 0))
        #expect(answer.invalidatedItemIndexPaths == [[0, 1], [0, 2], [0, 3], [0, 4]])
        guard case .LayoutResponse(let layout)? = answer.layout else { Issue.record("no layout in \(answer)"); return }
        #expect(frames(layout.elements).map { $0[0] } == [0, 126.5, 253.5, 380, 0])
        let scroll = try await client.invalidate(id, bounds: .init(x: 0, y: 100, width: 320, height: 480))
        #expect(!scroll.invalidated)
        #expect(scroll.id == id)
        #expect(scroll.layout == nil)
    }

    @Test func measuredSizesInvalidateASelfSizingLayout() async throws {
        let id = try await client.layout(.FlowLayoutRequest(.init(
            collectionView: Self.view, layout: .init(minimumLineSpacing: 0, estimatedItemSize: .Size(.init(width: 375, height: 44))),
            sections: [.init(numberOfItems: 3)]))).id
        let answer = try await client.invalidate(id, preferredSizes: [.init(indexPath: [0, 0], width: 375, height: 88)],
                                                 visibleRect: .init(x: 0, y: 50, width: 375, height: 667))
        #expect(answer.id == "c1deedf25709750dd0685104b1350168")
        #expect(answer.contentOffsetAdjustment == .init(x: 0, y: 44))
        guard case .LayoutResponse(let layout)? = answer.layout else { Issue.record("no layout in \(answer)"); return }
        #expect(layout.elements.map(\.estimated) == [false, true, true])
        #expect(frames(layout.elements).map { $0[3] } == [88, 44, 44])
    }

    @Test func measuredListHeaderHeightsInvalidateThroughTheClient() async throws {
        // An insetGrouped list (list-layout.md L6 L8 L10): the header's 17.6667 estimate becomes 38.
        let id = try await client.layout(.CompositionalLayoutRequest(.init(
            collectionView: .init(width: 393, height: 852, scale: 3),
            layout: .init(_type: .list, list: .init(appearance: .insetGrouped, headerMode: .supplementary)),
            sections: [.init(numberOfItems: 2)]))).id
        let answer = try await client.invalidate(id, preferredSizes: [], supplementarySizes: [
            .init(elementKind: .uiCollectionElementKindSectionHeader, indexPath: [0, 0], height: 38)])
        #expect(answer.invalidated)
        #expect(answer.contentSize == .init(width: 393, height: 146))
        guard case .LayoutResponse(let layout)? = answer.layout else { Issue.record("no layout in \(answer)"); return }
        let header = try #require(layout.elements.first { $0.kind == "UICollectionElementKindSectionHeader" })
        #expect(frames([header]) == [[16, 0, 361, 38]])
        #expect(frames(layout.elements.filter { $0.category == .cell }) == [[16, 38, 361, 44], [16, 82, 361, 44]])
    }

    /// A custom group (the frames its item provider returns) and where a paging carousel of it
    /// comes to rest, through the generated types.
    @Test func customGroupsAndOrthogonalTargets() async throws {
        let collage: [Components.Schemas.CompositionalCustomFrame] = [
            .init(x: 0, y: 0, width: 140, height: 200), .init(x: 150, y: 0, width: 140, height: 95, zIndex: 1), .init(x: 150, y: 105, width: 140, height: 95)]
        let custom = Components.Schemas.CompositionalCustomGroup(custom: .CompositionalCustomFrames(.init(
            layoutSize: .init(width: .init(absolute: 290), height: .init(absolute: 200)), frames: collage)))
        let layout = try await client.layout(.CompositionalLayoutRequest(.init(
            collectionView: .init(width: 390, height: 844, scale: 3),
            layout: .init(_type: .compositional, sections: [.CompositionalSection(.init(
                group: .CompositionalCustomGroup(custom), interGroupSpacing: 10, orthogonalScrollingBehavior: .groupPagingCentered))]),
            sections: [.init(numberOfItems: 6)])))
        #expect(frames(layout.elements) == [[0, 0, 140, 200], [150, 0, 140, 95], [150, 105, 140, 95], [300, 0, 140, 200], [450, 0, 140, 95], [450, 105, 140, 95]])
        #expect(layout.elements.map(\.zIndex) == [0, 1, 0, 0, 1, 0])
        let target = try await client.orthogonalTarget(section: 0, offset: 180, velocity: 600, current: 40, of: layout.id)
        #expect(target.rule == .pageFromLiftOffset)
        #expect(target.geometry.pageStride == 300)
        #expect(target.geometry.centeringInset == 50)
        #expect(target.targetOffset == 250)
        await #expect(throws: LayoutdError.self) { try await client.orthogonalTarget(section: 1, offset: 0, velocity: 0, of: layout.id) }
    }

    @Test func tablesLayOutFloatAndTakeMeasuredHeights() async throws {
        // A plain UITableView (docs/tables.md): 22-pt padding and a 28-pt estimated header above
        // each section's 44-pt rows; at offset 291 header A still floats (B starts at 292).
        let id = try await client.layout(.TableLayoutRequest(.init(
            collectionView: .init(width: 393, height: 852, scale: 3),
            layout: .init(_type: .table, rowHeight: 44),
            sections: [.init(numberOfItems: 5, headerTitle: "A"), .init(numberOfItems: 5, headerTitle: "B")]))).id
        let visible = try await client.elements(in: .init(x: 0, y: 291, width: 393, height: 852), of: id)
        let header = try #require(visible.first)
        #expect(header.kind == "header" && header.indexPath == [0, 0] && header.zIndex == 10)
        #expect(frames([header]) == [[0, 291, 393, 28]])
        // Self-sizing rows: the measured row grows, what follows moves.
        let sizing = try await client.layout(.TableLayoutRequest(.init(
            collectionView: .init(width: 393, height: 852, scale: 3),
            layout: .init(_type: .table, estimatedRowHeight: 50),
            sections: [.init(numberOfItems: 3)]))).id
        let answer = try await client.invalidate(sizing, preferredSizes: [], tableHeights: [.init(indexPath: [0, 0], height: 80)])
        #expect(answer.invalidated)
        #expect(answer.contentSize == .init(width: 393, height: 180))
        #expect(answer.invalidatedItemIndexPaths == [[0, 0], [0, 1], [0, 2]])
    }

    @Test func batchVerdictDecodesEveryStepKindAndNullMappings() async throws {
        let verdict = try await client.validate(.init(before: [3], updates: .init(deleteItems: [[0, 0]], insertItems: [[0, 2]], moveItems: [[[0, 1], [0, 0]]])))
        #expect(verdict.valid)
        #expect(verdict.mapping?.map(\.to) == [nil, [0, 0], [0, 1]])
        let steps = try #require(verdict.steps)
        #expect(steps.count == 4)
        guard case .deleteItem(let first) = steps[0], case .insertItem(let moved) = steps[2], case .insertItem(let fresh) = steps[3] else {
            Issue.record("steps decoded as \(steps)"); return
        }
        #expect(first.indexPath == [0, 1])
        #expect(moved.indexPath == [0, 0] && moved.movedFrom == [0, 1])
        #expect(fresh.indexPath == [0, 2] && fresh.movedFrom == nil)
    }

    @Test func countMismatchGivesUIKitsException() async throws {
        let verdict = try await client.validate(.init(before: [5], after: [6]))
        #expect(!verdict.valid)
        #expect(verdict.errors.first?.code == .invalidNumberOfItems)
        #expect(verdict.errors.first?.index == nil)
        #expect(verdict.uikitException?.hasPrefix("Invalid update: invalid number of items in section 0.") == true)
        #expect(verdict.expectedAfter == [5])
        #expect(verdict.steps == nil)
    }

    @Test func diffGivesTheBatchAndItsVerdict() async throws {
        let diff = try await client.diff(old: [["a", "b", "c"]], new: [["c", "a", "d"]])
        #expect(diff.value2.updates.moveItems == [[[0, 0], [0, 1]]])
        #expect(diff.value2.updates.deleteItems == [[0, 1]])
        #expect(diff.value1.valid)
        #expect(diff.value1.mapping?.map(\.to) == [[0, 1], nil, [0, 0]])
    }

    @Test func crashReportIsExplainedAndItsReproductionAnswersTheSameMessage() async throws {
        let report = "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'attempt to insert item 38 into section 0, but there are only 38 items in section 0 after the update'"
        let answer = try await client.explain(crashReport: report)
        let finding = try #require(answer.findings.first)
        #expect(finding.code == "INSERT_ITEM_OUT_OF_RANGE")
        #expect(finding._class.rawValue == "collectionView")
        #expect(finding.message == "attempt to insert item 38 into section 0, but there are only 38 items in section 0 after the update")
        let reproduction = try #require(finding.reproduction)
        #expect(reproduction.path.rawValue == "/batch/validate")
        #expect(reproduction.expect.message == finding.message)
        let asJSON = try await client.explain(crashReport: "attempt to perform a delete and a move from the same index path (<NSIndexPath: 0x1> {length = 2, path = 0 - 3})",
                                              iosVersion: "17.2", flavor: .tableView)
        #expect(asJSON.ios == "17.2")
        #expect(asJSON.findings.first?._class.rawValue == "tableView")
        await #expect(throws: LayoutdError.self) { try await client.explain(crashReport: "no reason here") }
    }

    @Test func errorAnswersThrowTheProblem() async throws {
        let unknown = await #expect(throws: LayoutdError.self) {
            try await client.layout(id: "0123456789abcdef0123456789abcdef")
        }
        #expect(unknown?.status == 404)
        #expect(unknown?.problem?._type == "https://layoutd.dev/problems/unknown-layout")

        let negative = await #expect(throws: LayoutdError.self) {
            try await client.layout(.FlowLayoutRequest(.init(collectionView: .init(width: 375, height: 667), sections: [.init(numberOfItems: 3, itemSizes: [])])))
        }
        #expect(negative?.status == 422)
        #expect(negative?.problem?.errors?.map(\.pointer) == ["/sections/0/itemSizes"])

        let mixed = await #expect(throws: LayoutdError.self) {
            try await client.validate(.init(before: [-1]))
        }
        #expect(mixed?.status == 422)
        #expect(mixed?.problem?.title == "Batch rejected")
    }

    /// The README's two call sites, verbatim (the facade's, then the generated client's).
    @Test func readmeCallSitesRunAsWritten() async throws {
        let layoutd = client
        let layout = try await layoutd.layout(.FlowLayoutRequest(.init(
            collectionView: .init(width: 375, height: 667),
            layout: .init(minimumLineSpacing: 8, sectionInset: .init(left: 16, right: 16)),
            sections: [.init(numberOfItems: 100)])))
        let visible = try await layoutd.elements(in: .init(x: 0, y: 600, width: 375, height: 667), of: layout.id)
        let rotated = try await layoutd.invalidate(layout.id, bounds: .init(x: 0, y: 600, width: 667, height: 375))
        let verdict = try await layoutd.validate(.init(before: [5], after: [6]))
        print(visible.count, rotated.targetContentOffset as Any, verdict.uikitException ?? "valid")
        // 5 items of 50 pt fit in the 343-pt line, lines 58 pt apart: y 600…1267 shows lines 10…19.
        #expect(visible.count == 50)
        #expect(visible.first?.indexPath == [0, 50])
        #expect(visible.first?.frame == .init(x: 16, y: 580, width: 50, height: 50))
        #expect(rotated.invalidated)
        #expect(rotated.id == "182417fc93c5c7839c25dd457c2374eb")
        #expect(rotated.targetContentOffset == .init(x: 0, y: 197))
        #expect(verdict.uikitException?.hasPrefix("Invalid update: invalid number of items in section 0.") == true)

        let output = try await layoutd.generated.postLayout(
            query: .init(strict: true),
            headers: .init(prefer: .returnMinimal),
            body: .json(.FlowLayoutRequest(.init(
                collectionView: .init(width: 375, height: 667),
                sections: [.init(itemSizes: [.init(width: 120, height: 32), .init(width: 80, height: 32)])]))))
        switch output {
        case .ok(let ok):
            if case .LayoutSummary(let summary) = try ok.body.json { print(summary.counts.cells) }
            #expect(try ok.body.json == .LayoutSummary(.init(
                id: "a47fd024d3e1d17d33bdfbb01296ed44", contentSize: .init(width: 375, height: 32),
                counts: .init(elements: 2, cells: 2, headers: 0, footers: 0, sections: 1), warnings: [])))
        default:
            print("unexpected answer: \(output)")
            Issue.record("unexpected answer: \(output)")
        }
    }
}
