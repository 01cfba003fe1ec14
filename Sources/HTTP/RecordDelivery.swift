import Dispatch
import Synchronization

/// Hands finished-exchange records from the loops to the observer (metrics, access log) in
/// batches, one per loop turn, on one serial queue: an I/O thread takes no lock and never waits
/// for the observer, so a slow stdout backs up this queue, never the loops. Bounded: with more
/// than `maxPending` records in flight, further batches are dropped and counted.
final class RecordDelivery: Sendable {
    static let maxPending = 100_000

    let observer: @Sendable (RequestRecord) -> Void
    let queue = DispatchQueue(label: "layoutd.http.records")
    private let pending = Atomic<Int>(0)
    private let droppedCount = Atomic<Int>(0)

    init(observer: @escaping @Sendable (RequestRecord) -> Void) {
        self.observer = observer
    }

    /// Records dropped because the observer fell `maxPending` behind.
    var dropped: Int { droppedCount.load(ordering: .relaxed) }

    func deliver(_ batch: [RequestRecord]) {
        let count = batch.count
        let (_, now) = pending.wrappingAdd(count, ordering: .relaxed)
        if now > Self.maxPending {
            pending.wrappingSubtract(count, ordering: .relaxed)
            droppedCount.wrappingAdd(count, ordering: .relaxed)
            return
        }
        queue.async {
            for record in batch { self.observer(record) }
            self.pending.wrappingSubtract(count, ordering: .relaxed)
        }
    }

    /// Returns once every batch delivered so far has been observed.
    func flush() {
        queue.sync {}
    }
}
