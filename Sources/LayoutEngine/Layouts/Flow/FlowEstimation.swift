/// Self-sizing, engine side (spec §11).
enum FlowEstimation {
    /// `_effectiveEstimatedItemSize`, or nil when the layout does not estimate (`estimatedItemSize`
    /// nil or `.fixed(.zero)`: UIKit's `_estimatesSizes` is `estimatedItemSize ≠ .zero`).
    ///
    /// `.automatic` is the mean of every preferred size in the configuration (width and height
    /// averaged separately; `_computedEstimatedSum / _computedEstimatedCount`), 50×50 when there is
    /// none. Only preferred sizes of existing items count. They are summed in section and item
    /// order so the result does not depend on dictionary order. O(p log p) for p preferred sizes.
    static func estimate(for configuration: FlowLayoutConfiguration) -> Size? {
        switch configuration.estimatedItemSize {
        case nil:
            return nil
        case .fixed(let size):
            return size == .zero ? nil : size
        case .automatic:
            var width = 0.0
            var height = 0.0
            var count = 0
            for section in configuration.sections where !section.preferredSizes.isEmpty {
                let itemCount = section.items.count
                for item in section.preferredSizes.keys.sorted() where item >= 0 && item < itemCount {
                    if let size = section.preferredSizes[item] {
                        width += size.width
                        height += size.height
                        count += 1
                    }
                }
            }
            guard count > 0 else { return Size(width: 50, height: 50) }
            return Size(width: width / Double(count), height: height / Double(count))
        }
    }
}

extension FlowLayoutBuilder {
    /// Item sizes of an estimating section: `preferredSizes[item]` when measured (not estimated),
    /// else the estimate (estimated). The delegate's sizes play no part while estimating.
    /// The dictionary is read once per section, never per item. O(n + p).
    static func estimatedSizes(_ section: FlowSection, estimate: Size) -> (sizes: [Size], estimated: [Bool]) {
        let count = max(0, section.items.count)
        var sizes = [Size](repeating: estimate, count: count)
        var estimated = [Bool](repeating: true, count: count)
        for (item, size) in section.preferredSizes where item >= 0 && item < count {
            sizes[item] = size
            estimated[item] = false
        }
        return (sizes, estimated)
    }
}
