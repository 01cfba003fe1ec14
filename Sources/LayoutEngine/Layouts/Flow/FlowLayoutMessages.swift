/// UIKit's exact console text for over-wide (over-tall) items, in one place
/// (`-[_UIFlowLayoutSection logInvalidSizesForHorizontalDirection:warnAboutDelegateValues:]`,
/// spec §9). The "relevant UICollectionViewFlowLayout instance is …" line is left out: there is
/// no instance to name.
enum FlowLayoutMessages {
    static let notDefined = "The behavior of the UICollectionViewFlowLayout is not defined because:"
    static let itemTooWide = "the item width must be less than the width of the UICollectionView minus the section "
        + "insets left and right values, minus the content insets left and right values."
    static let itemTooTall = "the item height must be less than the height of the UICollectionView minus the section "
        + "insets top and bottom values, minus the content insets top and bottom values."
    static let checkDelegate = "Please check the values returned by the delegate."
    static let symbolicBreakpoint = "Make a symbolic breakpoint at UICollectionViewFlowLayoutBreakForInvalidSizes "
        + "to catch this in the debugger."

    static let tooWideCode = "ITEM_TOO_WIDE"
    static let tooTallCode = "ITEM_TOO_TALL"

    /// The four possible messages, built once.
    private static let verticalFixed = join(itemTooWide, delegate: false)
    private static let verticalDelegate = join(itemTooWide, delegate: true)
    private static let horizontalFixed = join(itemTooTall, delegate: false)
    private static let horizontalDelegate = join(itemTooTall, delegate: true)

    private static func join(_ reason: String, delegate: Bool) -> String {
        (delegate ? [notDefined, reason, checkDelegate, symbolicBreakpoint]
                  : [notDefined, reason, symbolicBreakpoint]).joined(separator: "\n")
    }

    /// The warning for one item. UIKit passes `warnAboutDelegateValues: YES` from the per-item path
    /// and `NO` from the fixed-size path, whatever the source of the sizes.
    static func invalidSize(vertical: Bool, perItemPath: Bool, at indexPath: IndexPath) -> LayoutWarning {
        let message = switch (vertical, perItemPath) {
        case (true, false): verticalFixed
        case (true, true): verticalDelegate
        case (false, false): horizontalFixed
        case (false, true): horizontalDelegate
        }
        return LayoutWarning(code: vertical ? tooWideCode : tooTallCode, message: message, indexPath: indexPath)
    }
}
