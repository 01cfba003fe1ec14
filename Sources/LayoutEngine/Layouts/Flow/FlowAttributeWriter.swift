/// Appends attributes straight into the uninitialised storage of the result array
/// (`Array(unsafeUninitializedCapacity:)`), so the hot loops pay neither a uniqueness nor a
/// growth check per element. Capacity is the exact bound Σ(items + 2); writes past it are dropped
/// rather than trusted, so a wrong bound cannot corrupt memory.
struct FlowAttributeWriter {
    private let base: UnsafeMutablePointer<LayoutAttributes>?
    let capacity: Int
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<LayoutAttributes>) {
        base = buffer.baseAddress
        capacity = buffer.count
    }

    static var empty: FlowAttributeWriter { FlowAttributeWriter(UnsafeMutableBufferPointer(start: nil, count: 0)) }

    @inline(__always)
    mutating func append(_ attributes: LayoutAttributes) {
        guard count < capacity, let base else { return }
        (base + count).initialize(to: attributes)
        count += 1
    }
}
