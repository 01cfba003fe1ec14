/// A layout's elements (`Layout.attributes`): a random-access collection of `LayoutAttributes`,
/// held either as the array the layout was computed into or, once the layout is cached, in the
/// compact form of `CompactElements` (frames as pixel integers, index paths implied by position).
///
/// Both forms give the same elements, field for field: a compact store is made only when every
/// frame round-trips bit for bit (`CompactElements.make`), so answers are the same bytes whichever
/// form a layout is in. Reading is O(1) for the array and O(1) amortized in order (the iterator
/// and `elements(at:)` keep their place among the runs) or O(log runs) at random for the compact
/// form. Writing through the subscript turns a compact store back into an array first (nothing
/// writes to a cached layout; the layouts write while they compute, into the array form).
public struct ElementStore: Sendable {
    enum Storage: Sendable {
        case full([LayoutAttributes])
        case compact(CompactElements)
    }

    var storage: Storage

    public init(_ elements: [LayoutAttributes]) { storage = .full(elements) }

    init(compact: CompactElements) { storage = .compact(compact) }

    /// The elements as an array (a copy for a compact store, O(n); free for the array form).
    public var array: [LayoutAttributes] {
        switch storage {
        case .full(let a): a
        case .compact(let c): Array(ElementStore(compact: c))
        }
    }

    /// Whether the compact form holds the elements.
    public var isCompact: Bool {
        if case .compact = storage { return true }
        return false
    }

    /// The compact form of these elements at `scale` (pixels per point) if it saves memory; the
    /// array form otherwise. O(n); see `CompactElements.make`.
    public func compacted(scale: Double) -> ElementStore {
        guard case .full(let elements) = storage, let compact = CompactElements.make(elements, scale: scale) else { return self }
        return ElementStore(compact: compact)
    }

    /// Heap bytes the elements take: the array's capacity, or the compact form's arrays.
    public var memoryBytes: Int {
        switch storage {
        case .full(let a): a.capacity * MemoryLayout<LayoutAttributes>.stride
        case .compact(let c): c.memoryBytes
        }
    }

    /// The frame of element `index` alone (what the spatial index tests), without decoding the rest.

    public func frame(at index: Int) -> Rect {
        switch storage {
        case .full(let a): a[index].frame
        case .compact(let c): c.frame(at: index)
        }
    }

    /// The elements at `indices` (ascending, each in range), decoded in one pass: a query's hits.
    public func elements(at indices: [Int]) -> [LayoutAttributes] {
        switch storage {
        case .full(let a):
            return indices.map { a[$0] }
        case .compact(let c):
            var cursor = CompactElements.Cursor()
            return indices.map { c.element(at: $0, cursor: &cursor) }
        }
    }

    /// Array-form mutation: the elements as one contiguous buffer (a compact store is turned into
    /// an array first).
    public mutating func withUnsafeMutableBufferPointer<R>(
        _ body: (inout UnsafeMutableBufferPointer<LayoutAttributes>) throws -> R
    ) rethrows -> R {
        var elements = takeArray()
        defer { storage = .full(elements) }
        return try elements.withUnsafeMutableBufferPointer(body)
    }

    /// The array, leaving an empty one behind so that the caller holds the only reference (and
    /// mutating it does not copy).
    private mutating func takeArray() -> [LayoutAttributes] {
        switch storage {
        case .full(let a):
            storage = .full([])
            return a
        case .compact(let c):
            return Array(ElementStore(compact: c))
        }
    }
}

extension ElementStore: RandomAccessCollection, MutableCollection {
    public typealias Index = Int
    public typealias Indices = Range<Int>

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .full(let a): a.count
        case .compact(let c): c.count
        }
    }

    public var count: Int { endIndex }
    public var indices: Range<Int> { 0..<endIndex }
    public func index(after i: Int) -> Int { i + 1 }
    public func index(before i: Int) -> Int { i - 1 }

    public subscript(position: Int) -> LayoutAttributes {
        get {
            switch storage {
            case .full(let a): return a[position]
            case .compact(let c): return c.element(at: position)
            }
        }
        set {
            var elements = takeArray()
            elements[position] = newValue
            storage = .full(elements)
        }
    }

    public struct Iterator: IteratorProtocol {
        let store: ElementStore
        var position = 0
        var cursor = CompactElements.Cursor()

        public mutating func next() -> LayoutAttributes? {
            let i = position
            switch store.storage {
            case .full(let a):
                guard i < a.count else { return nil }
                position = i + 1
                return a[i]
            case .compact(let c):
                guard i < c.count else { return nil }
                position = i + 1
                return c.element(at: i, cursor: &cursor)
            }
        }
    }

    public func makeIterator() -> Iterator { Iterator(store: self) }
}

extension ElementStore: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: LayoutAttributes...) { self.init(elements) }
}

/// Equal when they hold the same elements in the same order, whichever form each is in.
extension ElementStore: Hashable {
    public static func == (lhs: ElementStore, rhs: ElementStore) -> Bool {
        if case .full(let a) = lhs.storage, case .full(let b) = rhs.storage { return a == b }
        return lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    public static func == (lhs: ElementStore, rhs: [LayoutAttributes]) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}
