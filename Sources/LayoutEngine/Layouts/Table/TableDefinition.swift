/// A table as a `LayoutDefinition`: the configuration plus what is derived from it once (whether
/// anything self-sizes, asked on every answer), so queries never walk the sections to find out.
public struct TableDefinition: LayoutDefinition {
    public let configuration: TableConfiguration
    /// Some row, header or footer self-sizes (`TableConfiguration.selfSizes`).
    public let selfSizes: Bool

    public init(_ configuration: TableConfiguration) {
        self.configuration = configuration
        selfSizes = configuration.selfSizes
    }

    public func layout() throws(LayoutRefusal) -> Layout { TableLayout.layout(configuration) }

    public var layoutDirection: LayoutDirection { configuration.collectionView.layoutDirection }

    public var viewSize: Size { Size(width: configuration.collectionView.width, height: configuration.collectionView.height) }

    /// Rotation, split view: only the bounds change; measured heights are kept (UIKit keeps
    /// them until the app reloads).
    public func resized(to size: Size) -> TableDefinition {
        var c = configuration
        c.collectionView.width = size.width
        c.collectionView.height = size.height
        return TableDefinition(c)
    }

    /// A table lays out again when its width changes (row widths, insetGrouped margins); the
    /// height and scrolling change nothing but floating headers, which `BoundsChange` adds.
    public var boundsInvalidationRule: BoundsInvalidationRule { .widthChange }

    /// Cells carry `estimated` when something self-sizes, and measured sizes are accepted then.
    public var reportsEstimates: Bool { selfSizes }
}
