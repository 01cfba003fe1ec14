/// The device table behind `collectionView.device` and `GET /devices`.
///
/// Sources, per column:
/// - points and scale: Apple's technical specifications of each model and the HIG "Layout"
///   device table (logical resolution = pixels / scale) [Doc];
/// - safe areas: what a full-screen view reports in the iOS simulator of that model, as
///   published device by device (e.g. useyourloaf.com "iPhone … screen sizes" posts) [S]; not
///   re-measured here. Portrait iPhones: status bar / sensor housing on top, home indicator 34
///   below; landscape iPhones: no status bar, the housing's inset on both sides, 21 below.
///   iPads with a home indicator: 24 (status bar) on top, 20 below in both orientations;
///   iPads with a Home button: 20 on top only;
/// - `wideContentMargins` (`UIScreen._wantsWideContentMargins`): iPads and iPhones at least
///   414 pt wide [I: list-layout.md L10 assumes the same rule];
/// - landscape size class: regular for the Plus/Max-sized iPhones [Doc HIG size classes table].
/// Values marked [I] are inferred (newest models whose simulator readings were not published in
/// the sources above: iPhone Air, iPhone 17 line, iPad Pro M5).
public enum DeviceProfiles {
    private static let phoneLandscapeBottom = 21.0

    /// An iPhone with Face ID: `top` is its portrait status-bar/housing inset, which is also its
    /// landscape side inset.
    private static func faceID(_ name: String, _ w: Double, _ h: Double, top: Double, _ source: String) -> DeviceProfile {
        let wide = w >= 414
        return DeviceProfile(name: name, idiom: .phone, portraitSize: Size(width: w, height: h), scale: 3,
                             portraitSafeArea: Insets(top: top, left: 0, bottom: 34, right: 0),
                             landscapeSafeArea: Insets(top: 0, left: top, bottom: phoneLandscapeBottom, right: top),
                             wideContentMargins: wide, landscapeRegularWidth: wide, source: source)
    }

    /// An iPhone with a Home button (SE): 20 pt status bar in portrait, nothing in landscape.
    private static func homeButtonPhone(_ name: String, _ source: String) -> DeviceProfile {
        DeviceProfile(name: name, idiom: .phone, portraitSize: Size(width: 375, height: 667), scale: 2,
                      portraitSafeArea: Insets(top: 20, left: 0, bottom: 0, right: 0), landscapeSafeArea: .zero,
                      wideContentMargins: false, landscapeRegularWidth: false, source: source)
    }

    /// An iPad: regular width both ways; `homeIndicator` ones have 24 on top and 20 below.
    private static func pad(_ name: String, _ w: Double, _ h: Double, homeIndicator: Bool = true, _ source: String) -> DeviceProfile {
        let safe = homeIndicator ? Insets(top: 24, left: 0, bottom: 20, right: 0) : Insets(top: 20, left: 0, bottom: 0, right: 0)
        return DeviceProfile(name: name, idiom: .pad, portraitSize: Size(width: w, height: h), scale: 2,
                             portraitSafeArea: safe, landscapeSafeArea: safe,
                             wideContentMargins: true, landscapeRegularWidth: true, source: source)
    }

    /// Every profile, iPhones (oldest line first) then iPads; names are unique.
    public static let all: [DeviceProfile] = [
        homeButtonPhone("iPhone SE (2nd generation)", "375x667 @2x [Doc]; status bar 20 [S]"),
        homeButtonPhone("iPhone SE (3rd generation)", "375x667 @2x [Doc]; status bar 20 [S]"),
        faceID("iPhone 13 mini", 375, 812, top: 50, "375x812 @3x (1080x2340 px at native scale 2.88) [Doc]; top 50, sides 50 [S]"),
        faceID("iPhone 13", 390, 844, top: 47, "390x844 @3x [Doc]; top 47, sides 47 [S]"),
        faceID("iPhone 13 Pro", 390, 844, top: 47, "390x844 @3x [Doc]; top 47, sides 47 [S]"),
        faceID("iPhone 13 Pro Max", 428, 926, top: 47, "428x926 @3x [Doc]; top 47, sides 47 [S]"),
        faceID("iPhone 14", 390, 844, top: 47, "390x844 @3x [Doc]; top 47, sides 47 [S]"),
        faceID("iPhone 14 Plus", 428, 926, top: 47, "428x926 @3x [Doc]; top 47, sides 47 [S]"),
        faceID("iPhone 14 Pro", 393, 852, top: 59, "393x852 @3x [Doc]; Dynamic Island top 59, sides 59 [S]"),
        faceID("iPhone 14 Pro Max", 430, 932, top: 59, "430x932 @3x [Doc]; Dynamic Island top 59, sides 59 [S]"),
        faceID("iPhone 15", 393, 852, top: 59, "393x852 @3x [Doc]; top 59, sides 59 [S]"),
        faceID("iPhone 15 Plus", 430, 932, top: 59, "430x932 @3x [Doc]; top 59, sides 59 [S]"),
        faceID("iPhone 15 Pro", 393, 852, top: 59, "393x852 @3x [Doc]; top 59, sides 59 [S]"),
        faceID("iPhone 15 Pro Max", 430, 932, top: 59, "430x932 @3x [Doc]; top 59, sides 59 [S]"),
        faceID("iPhone 16", 393, 852, top: 59, "393x852 @3x [Doc]; top 59, sides 59 [S]"),
        faceID("iPhone 16 Plus", 430, 932, top: 59, "430x932 @3x [Doc]; top 59, sides 59 [S]"),
        faceID("iPhone 16 Pro", 402, 874, top: 62, "402x874 @3x [Doc]; top 62, sides 62 [S]"),
        faceID("iPhone 16 Pro Max", 440, 956, top: 62, "440x956 @3x [Doc]; top 62, sides 62 [S]"),
        faceID("iPhone 16e", 390, 844, top: 47, "390x844 @3x [Doc]; notch top 47, sides 47 [S]"),
        faceID("iPhone 17", 402, 874, top: 62, "402x874 @3x [Doc]; top 62, sides 62 [I: as iPhone 16 Pro, same display]"),
        faceID("iPhone 17 Pro", 402, 874, top: 62, "402x874 @3x [Doc]; top 62, sides 62 [I: as iPhone 16 Pro]"),
        faceID("iPhone 17 Pro Max", 440, 956, top: 62, "440x956 @3x [Doc]; top 62, sides 62 [I: as iPhone 16 Pro Max]"),
        faceID("iPhone Air", 420, 912, top: 68, "420x912 @3x [Doc]; top 68, sides 68 [I]"),
        pad("iPad (9th generation)", 810, 1080, homeIndicator: false, "810x1080 @2x [Doc]; Home button: status bar 20 [S]"),
        pad("iPad (10th generation)", 820, 1180, "820x1180 @2x [Doc]; top 24, bottom 20 [S]"),
        pad("iPad (A16)", 820, 1180, "820x1180 @2x [Doc]; top 24, bottom 20 [S]"),
        pad("iPad mini (6th generation)", 744, 1133, "744x1133 @2x [Doc]; top 24, bottom 20 [S]"),
        pad("iPad mini (A17 Pro)", 744, 1133, "744x1133 @2x [Doc]; top 24, bottom 20 [S]"),
        pad("iPad Air 11-inch (M2)", 820, 1180, "820x1180 @2x [Doc]; top 24, bottom 20 [S]"),
        pad("iPad Air 13-inch (M2)", 1024, 1366, "1024x1366 @2x [Doc]; top 24, bottom 20 [S]"),
        pad("iPad Air 11-inch (M3)", 820, 1180, "820x1180 @2x [Doc]; top 24, bottom 20 [S]"),
        pad("iPad Air 13-inch (M3)", 1024, 1366, "1024x1366 @2x [Doc]; top 24, bottom 20 [S]"),
        pad("iPad Pro (11-inch) (4th generation)", 834, 1194, "834x1194 @2x [Doc]; top 24, bottom 20 [S]"),
        pad("iPad Pro (12.9-inch) (6th generation)", 1024, 1366, "1024x1366 @2x [Doc]; top 24, bottom 20 [S]"),
        pad("iPad Pro 11-inch (M4)", 834, 1210, "834x1210 @2x [Doc]; top 24, bottom 20 [S]"),
        pad("iPad Pro 13-inch (M4)", 1032, 1376, "1032x1376 @2x [Doc]; top 24, bottom 20 [S]"),
        pad("iPad Pro 11-inch (M5)", 834, 1210, "834x1210 @2x [Doc]; top 24, bottom 20 [I: as M4]"),
        pad("iPad Pro 13-inch (M5)", 1032, 1376, "1032x1376 @2x [Doc]; top 24, bottom 20 [I: as M4]"),
    ]

    /// The profile called `name` (exact, or ignoring case and surrounding spaces). O(devices).
    public static func named(_ name: String) -> DeviceProfile? {
        if let exact = all.first(where: { $0.name == name }) { return exact }
        let key = Self.normalised(name)
        return all.first { Self.normalised($0.name) == key }
    }

    static func normalised(_ s: String) -> String {
        s.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}
