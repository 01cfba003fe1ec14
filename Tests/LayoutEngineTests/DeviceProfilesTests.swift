import Testing
@testable import LayoutEngine

@Suite struct DeviceProfilesTests {
    @Test func namesAreUniqueAndEveryDeviceHasPortraitAndBothLandscapes() {
        let names = DeviceProfiles.all.map(\.name)
        #expect(Set(names).count == names.count)
        for d in DeviceProfiles.all {
            for o in [InterfaceOrientation.portrait, .landscapeLeft, .landscapeRight] {
                #expect(d.metrics(for: o) != nil, "\(d.name) \(o)")
            }
            #expect((d.metrics(for: .portraitUpsideDown) != nil) == (d.idiom == .pad))
            #expect(d.metrics(for: .landscapeLeft) == d.metrics(for: .landscapeRight))
        }
    }

    @Test func landscapeSwapsTheSizeAndUsesTheSideInsets() throws {
        let pro = try #require(DeviceProfiles.named("iPhone 16 Pro"))
        let portrait = try #require(pro.metrics(for: .portrait))
        let landscape = try #require(pro.metrics(for: .landscapeLeft))
        #expect(portrait.width == 402 && portrait.height == 874 && portrait.scale == 3)
        #expect(portrait.safeAreaInsets == Insets(top: 62, left: 0, bottom: 34, right: 0))
        #expect(landscape.width == 874 && landscape.height == 402)
        #expect(landscape.safeAreaInsets == Insets(top: 0, left: 62, bottom: 21, right: 62))
        #expect(landscape.layoutMargins == Insets(top: 0, left: 78, bottom: 21, right: 78))
        // 874 − 156 = 718 > 672: the readable guide is centred, 23 pt more on each side.
        #expect(landscape.readableContentInsets == Insets(top: 0, left: 101, bottom: 21, right: 101))
    }

    @Test(arguments: [
        ("iPhone SE (3rd generation)", InterfaceOrientation.landscapeLeft, SizeClass.compact, 16.0, false),
        ("iPhone 15", .landscapeLeft, .compact, 75, false),
        ("iPhone 15 Plus", .landscapeLeft, .regular, 79, true),
        ("iPhone 16 Pro Max", .portrait, .compact, 16, true),
        ("iPhone Air", .landscapeRight, .regular, 88, true),
        ("iPad mini (6th generation)", .portrait, .regular, 20, true),
        ("iPad (9th generation)", .landscapeLeft, .regular, 20, true),
    ])
    func marginsAreTheSystemMinimumFromTheSafeArea(_ name: String, _ orientation: InterfaceOrientation,
                                                  _ sizeClass: SizeClass, _ left: Double, _ wide: Bool) throws {
        let m = try #require(DeviceProfiles.named(name)?.metrics(for: orientation))
        #expect(m.horizontalSizeClass == sizeClass)
        #expect(m.layoutMargins.left == left)
        #expect(m.layoutMargins.right == left)
        #expect(m.wideContentMargins == wide)
    }

    @Test func readableInsetsAreTheMarginsWhenNarrowerThan672() {
        let margins = Insets(top: 8, left: 16, bottom: 8, right: 16)
        #expect(DeviceMetrics.readableContentInsets(width: 704, margins: margins) == margins)
        #expect(DeviceMetrics.readableContentInsets(width: 706, margins: margins) == Insets(top: 8, left: 17, bottom: 8, right: 17))
    }

    @Test func lookupIgnoresCaseAndSurroundingSpaces() {
        #expect(DeviceProfiles.named("  IPAD AIR 11-inch (m2) ")?.name == "iPad Air 11-inch (M2)")
        #expect(DeviceProfiles.named("iPhone 99") == nil)
    }
}
