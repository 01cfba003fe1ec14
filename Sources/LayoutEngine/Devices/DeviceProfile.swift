/// A device as an app's full-screen collection view sees it: screen size in points, scale, safe
/// area per orientation, the screen's `_wantsWideContentMargins`, and the size classes. Layout
/// margins and readable-content insets are not stored: they follow from those values by UIKit's
/// rules (`metrics(for:)`), so a client that overrides the safe area gets margins that follow it.
public struct DeviceProfile: Hashable, Sendable {
    public enum Idiom: String, Hashable, Sendable { case phone, pad }

    /// The simulator's name (Xcode's device list), e.g. `iPhone 16 Pro`.
    public var name: String
    public var idiom: Idiom
    /// `UIScreen.bounds.size` in portrait, points.
    public var portraitSize: Size
    /// `UIScreen.scale`.
    public var scale: Double
    /// `safeAreaInsets` of a full-screen view in portrait (status bar shown) and in landscape
    /// (iPhone: status bar hidden; left and right equal, as UIKit reports them on both sides).
    public var portraitSafeArea: Insets
    public var landscapeSafeArea: Insets
    /// `UIScreen._wantsWideContentMargins` (list-layout.md L10: 20 pt list margins).
    public var wideContentMargins: Bool
    /// Regular horizontal size class in landscape (iPhone Plus/Max and Air; every iPad).
    public var landscapeRegularWidth: Bool
    /// Where the numbers come from; `[I]` marks what is inferred rather than read off a source.
    public var source: String

    public init(name: String, idiom: Idiom, portraitSize: Size, scale: Double, portraitSafeArea: Insets,
                landscapeSafeArea: Insets, wideContentMargins: Bool, landscapeRegularWidth: Bool, source: String) {
        self.name = name
        self.idiom = idiom
        self.portraitSize = portraitSize
        self.scale = scale
        self.portraitSafeArea = portraitSafeArea
        self.landscapeSafeArea = landscapeSafeArea
        self.wideContentMargins = wideContentMargins
        self.landscapeRegularWidth = landscapeRegularWidth
        self.source = source
    }

    /// The orientations a full-screen app can have: iPhones with Face ID (and apps on the SE by
    /// default) do not rotate upside down; iPads do.
    public var orientations: [InterfaceOrientation] {
        idiom == .pad ? InterfaceOrientation.allCases : [.portrait, .landscapeLeft, .landscapeRight]
    }

    /// What a full-screen collection view in `orientation` reads (nil for an orientation the
    /// device does not have).
    public func metrics(for orientation: InterfaceOrientation) -> DeviceMetrics? {
        guard orientations.contains(orientation) else { return nil }
        let landscape = orientation.isLandscape
        let size = landscape ? Size(width: portraitSize.height, height: portraitSize.width) : portraitSize
        let regular = idiom == .pad || (landscape && landscapeRegularWidth)
        return DeviceMetrics(width: size.width, height: size.height, scale: scale,
                             safeAreaInsets: landscape ? landscapeSafeArea : portraitSafeArea,
                             horizontalSizeClass: regular ? .regular : .compact,
                             wideContentMargins: wideContentMargins)
    }
}

/// `UIInterfaceOrientation` (UIKit's names). The two landscapes give the same numbers: UIKit
/// reports the sensor housing's inset on both sides.
public enum InterfaceOrientation: String, Hashable, Sendable, CaseIterable {
    case portrait
    case portraitUpsideDown
    case landscapeLeft
    case landscapeRight

    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// `UIUserInterfaceSizeClass`.
public enum SizeClass: String, Hashable, Sendable { case compact, regular }

/// A device in one orientation: the collection view fields a profile fills.
public struct DeviceMetrics: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public var scale: Double
    public var safeAreaInsets: Insets
    public var horizontalSizeClass: SizeClass
    public var wideContentMargins: Bool

    public init(width: Double, height: Double, scale: Double, safeAreaInsets: Insets,
                horizontalSizeClass: SizeClass, wideContentMargins: Bool) {
        self.width = width
        self.height = height
        self.scale = scale
        self.safeAreaInsets = safeAreaInsets
        self.horizontalSizeClass = horizontalSizeClass
        self.wideContentMargins = wideContentMargins
    }

    /// The root view's `layoutMargins` for this safe area (`layoutMargins(safeArea:)`).
    public var layoutMargins: Insets { Self.layoutMargins(safeArea: safeAreaInsets, sizeClass: horizontalSizeClass) }

    /// The readable-content insets for these margins (`readableContentInsets(width:margins:)`).
    public var readableContentInsets: Insets { Self.readableContentInsets(width: width, margins: layoutMargins) }

    /// `UIViewController.systemMinimumLayoutMargins` leading/trailing: 16 in a compact width,
    /// 20 in a regular one; top and bottom 0 [Doc systemMinimumLayoutMargins; 16/20 as UIKit
    /// reports them on iPhone and iPad].
    public static func systemMinimumMargin(_ sizeClass: SizeClass) -> Double {
        sizeClass == .regular ? 20 : 16
    }

    /// The layout margins of a view controller's root view (a `UICollectionViewController`'s
    /// collection view): the system minimum margins measured from the safe area
    /// (`insetsLayoutMarginsFromSafeArea`, default true): `safe + (0, m, 0, m)`.
    /// A collection view that is not a root view has UIView's default 8 pt margins plus the safe
    /// area instead; send `layoutMargins` for that.
    public static func layoutMargins(safeArea s: Insets, sizeClass: SizeClass) -> Insets {
        let m = systemMinimumMargin(sizeClass)
        return Insets(top: s.top, left: s.left + m, bottom: s.bottom, right: s.right + m)
    }

    /// `readableContentGuide` at the default text size (Large): at most `readableWidth` wide,
    /// centred between the layout margins, never outside them [I: 672 pt is the width iPads
    /// report at Large; the guide's width grows with Dynamic Type, which is not modelled].
    public static let readableWidth = 672.0

    public static func readableContentInsets(width: Double, margins: Insets) -> Insets {
        let available = width - margins.left - margins.right
        guard available > readableWidth else { return margins }
        let extra = (available - readableWidth) / 2
        return Insets(top: margins.top, left: margins.left + extra, bottom: margins.bottom, right: margins.right + extra)
    }
}
