/// `UICollectionViewFlowLayout`, as a pure function. (Placeholder: filled in by the flow-layout work.)
public enum FlowLayout {
    /// Lays out every section. Assumes validated input (finite, non-negative sizes; element count
    /// under the API's cap). Complexity O(n) in the number of elements.
    public static func layout(_ configuration: FlowLayoutConfiguration) -> Layout {
        Layout(scrollDirection: configuration.scrollDirection, contentSize: .zero, attributes: [], sections: [])
    }
}
