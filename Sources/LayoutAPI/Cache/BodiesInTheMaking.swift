import Synchronization

/// Full bodies being encoded for answers of layouts that do not keep them
/// (`--cached-body-elements`). Each reserves its estimated size (`bytesPerElement` a element)
/// from when its handler runs until its answer is made and dropped; the bytes then wait in the
/// connection's output, which the server counts against `--max-buffered-bytes` itself. A
/// reservation that would take the server's buffered bytes plus the bodies in the making past
/// that limit is refused (a 503 with `Retry-After`, as the server refuses a body it cannot hold),
/// unless nothing else is held: one answer always gets through.
final class BodiesInTheMaking: Sendable {
    /// About what one element takes in a full body (a uniform grid writes ~106 bytes; fractional
    /// frames more): an estimate made before encoding, never trusted for anything but this bound.
    static let bytesPerElement = 128
    /// Answers up to this size are admitted without a reservation (`admitAnswer`): the server's
    /// own per-connection allowance covers them.
    static let smallAnswer = 64 * 1024

    private let reserved = Atomic<Int>(0)

    /// Bytes reserved now.
    var bytes: Int { reserved.load(ordering: .relaxed) }

    /// Holds its bytes until it is released (when the answer that owns it is dropped).
    final class Reservation: Sendable {
        let owner: BodiesInTheMaking
        let bytes: Int
        init(owner: BodiesInTheMaking, bytes: Int) { self.owner = owner; self.bytes = bytes }
        deinit { owner.reserved.wrappingSubtract(bytes, ordering: .relaxed) }
    }

    /// Reserves `bytes` unless `buffered` (the server's charged bytes) plus every body in the
    /// making would then exceed `limit`; nil when refused.
    func reserve(_ bytes: Int, buffered: Int, limit: Int) -> Reservation? {
        let before = reserved.wrappingAdd(bytes, ordering: .relaxed).oldValue
        let held = buffered + before
        if held > 0, held + bytes > limit {
            reserved.wrappingSubtract(bytes, ordering: .relaxed)
            return nil
        }
        return Reservation(owner: self, bytes: bytes)
    }
}
