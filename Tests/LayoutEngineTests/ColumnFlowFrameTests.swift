import Testing
@testable import LayoutEngine

/// Frame-level ColumnFlow tests (other-layouts.md §1.3 CF1–CF5): they need the real
/// `FlowLayout.layout(_:)` and run by themselves once it returns frames.
@Suite(.enabled(if: FlowLayoutProbe.isImplemented, "needs FlowLayout"))
struct ColumnFlowFrameTests {
    /// (W, margins, item width, x of a full line); rows at y = 10, 90, 170 (top inset 10, line spacing 10).
    @Test(arguments: [
        (375.0, 16.0, 343.0, [16.0]),   // CF1: a lone item per line is centred
        (414, 20, 374, [20]),           // CF2
        (768, 20, 364, [0, 404]),       // CF3: justified, gap 40
        (1024, 20, 328, [0, 348, 696]), // CF4: justified, gaps 20
        (320, 16, 288, [16]),           // CF5: one column instead of an infinite width
    ])
    func framesFollowTheFlowLayout(width: Double, margins: Double, itemWidth: Double, xs: [Double]) {
        let count = xs.count * 3
        let layout = ColumnFlowLayout.layout(ColumnFlowConfiguration(
            collectionView: ColumnFlowLayoutTests.metrics(width, margins: margins), itemCounts: [count]))
        let expected = (0..<count).map { item in
            Rect(x: xs[item % xs.count], y: 10 + Double(item / xs.count) * 80, width: itemWidth, height: 70)
        }
        #expect(layout.attributes.map(\.frame) == expected)
        #expect(layout.contentSize == Size(width: width, height: 10 + 3 * 70 + 2 * 10))
    }
}
