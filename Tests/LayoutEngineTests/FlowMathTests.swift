import Testing
@testable import LayoutEngine

/// The libm-free rounding behind §6 must match C `round` and `floor` exactly.
@Suite struct FlowMathTests {
    @Test(arguments: [(2.5, 3.0), (-2.5, -3), (0.49999999999999994, 0), (-0.5, -1), (173.333, 173),
                      (1e300, 1e300), (-0.0, 0), (4_503_599_627_370_495.5, 4_503_599_627_370_496)]
                     as [(Double, Double)])
    func roundIsHalfAwayFromZero(value: Double, expected: Double) {
        #expect(FlowMath.round(value) == expected)
    }

    @Test(arguments: [(2.9999999999999996, 2.0), (-0.5, -1), (3, 3), (-3, -3), (1e300, 1e300)] as [(Double, Double)])
    func floorRoundsDown(value: Double, expected: Double) {
        #expect(FlowMath.floor(value) == expected)
    }

    @Test func floorKeepsNaN() {
        #expect(FlowMath.floor(.nan).isNaN)
    }
}
