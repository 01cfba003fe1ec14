import Dispatch
import HTTP
@testable import LayoutAPI
@testable import SharedStore
import Synchronization

/// An in-memory `LayoutStore` whose faults tests switch on: down (every call fails at once),
/// failing writes, a delay longer than the timeout, a gate that holds reads until opened, and
/// writes held (not answered) until released.
final class FakeStore: LayoutStore {
    struct State {
        var rows: [String: StoredLayout] = [:]
        var down = false
        var failWrites = false
        var delay: Double?
        var reads: [String] = []
        var writeCalls = 0
        var touches: [[String]] = []
        var expireCalls = 0
        var expireLockedElsewhere = false
        var prepares = 0
        /// Writes are not answered until `releaseWrites()` (a commit in flight).
        var holdWrites = false
        var held: [@Sendable () -> Void] = []
        /// Rows per write call, in order.
        var batches: [[String]] = []
    }
    let state = Mutex(State())
    /// Reads wait here while `gated` (for the concurrency test).
    let gate = DispatchSemaphore(value: 0)
    let gated = Atomic<Bool>(false)

    func set(_ change: (inout State) -> Void) { state.withLock { change(&$0) } }
    var snapshot: State { state.withLock { $0 } }

    private func answer<T: Sendable>(_ done: @escaping @Sendable (Result<T, StoreFailure>) -> Void,
                                     failWrite: Bool = false, _ body: @escaping @Sendable () -> T) {
        let (down, failWrites, delay) = state.withLock { ($0.down, $0.failWrites, $0.delay) }
        if down { return done(.failure(StoreFailure("connection refused"))) }
        if failWrite && failWrites { return done(.failure(StoreFailure("disk full"))) }
        if let delay {
            // Answers late on another thread, like a slow server.
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
                done(.success(body()))
            }
            return
        }
        done(.success(body()))
    }

    func prepare(timeout: Duration, _ done: @escaping @Sendable (Result<StoreSchema, StoreFailure>) -> Void) {
        answer(done) { [self] in
            set { $0.prepares += 1 }
            return StoreSchema(version: 1)
        }
    }

    func read(_ id: String, timeout: Duration, _ done: @escaping @Sendable (Result<StoredLayout?, StoreFailure>) -> Void) {
        if gated.load(ordering: .relaxed) { gate.wait() }
        answer(done) { [self] in
            state.withLock { s in
                s.reads.append(id)
                return s.rows[id]
            }
        }
    }

    /// Answers the writes held so far (in order), and holds no more.
    func releaseWrites() {
        let held = state.withLock { s -> [@Sendable () -> Void] in
            s.holdWrites = false
            defer { s.held = [] }
            return s.held
        }
        for answer in held { answer() }
    }

    func write(_ rows: [StoredLayout], timeout: Duration, _ done: @escaping @Sendable (Result<Int, StoreFailure>) -> Void) {
        let held = state.withLock { s -> Bool in
            guard s.holdWrites else { return false }
            s.held.append { [self] in write(rows, timeout: timeout, done) }
            return true
        }
        if held { return }
        answer(done, failWrite: true) { [self] in
            state.withLock { s in
                s.writeCalls += 1
                s.batches.append(rows.map(\.id))
                var inserted = 0
                for row in rows where s.rows[row.id] == nil {
                    s.rows[row.id] = row
                    inserted += 1
                }
                return inserted
            }
        }
    }

    func touch(_ ids: [String], timeout: Duration, _ done: @escaping @Sendable (Result<Void, StoreFailure>) -> Void) {
        answer(done) { [self] in set { $0.touches.append(ids.sorted()) } }
    }

    func expire(unusedFor: Duration, limit: Int, timeout: Duration,
                _ done: @escaping @Sendable (Result<Int?, StoreFailure>) -> Void) {
        answer(done) { [self] in
            state.withLock { s -> Int? in
                s.expireCalls += 1
                return s.expireLockedElsewhere ? nil : 0
            }
        }
    }
}

/// Log lines a `StoreClient` wrote.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

extension LayoutApplication {
    /// An app on `store` whose client has started (connected, or retrying if the store is down).
    /// Maintenance ticks are driven by the tests (`client.tick(now:)`), not by a timer.
    static func replica(_ store: FakeStore, timeout: Double = 1, log: LogLines = LogLines()) -> (LayoutApplication, StoreClient) {
        var options = StoreOptions(url: "postgres://test@localhost/test", timeout: timeout)
        options.touchInterval = 10
        options.expiryInterval = 60
        let client = StoreClient(store: store, options: options) { _, line in log.append(line) }
        client.connectForTests()
        return (LayoutApplication(configuration: ServiceConfiguration(cacheBytes: 64 << 20), store: client), client)
    }
}

extension StoreClient {
    /// The start-up probe without the background timer.
    func connectForTests() { _ = probe() }
}

extension LayoutApplication {
    /// A request as the server runs an offloaded one (`respond(to:plan:complete:)`): the answer,
    /// or nil if `complete` was not called within `timeout` seconds (it is still waiting).
    func offloaded(_ request: Request, timeout: Double = 5) -> Response? {
        let box = Mutex<Response?>(nil)
        let answered = DispatchSemaphore(value: 0)
        guard var plan = planned(request) else { return respond(to: request) }
        _ = execution(for: request, plan: &plan)
        respond(to: request, plan: plan) { response in
            box.withLock { $0 = response }
            answered.signal()
        }
        guard answered.wait(timeout: .now() + timeout) == .success else { return nil }
        return box.withLock { $0 }
    }

    /// The plan the server would carry for `request` (nil: answered at the head).
    func planned(_ request: Request) -> Plan? {
        guard case .proceed(let plan) = plan(for: request.head) else { return nil }
        return plan
    }

    /// `POST` as the server answers it with a store: once the row is committed.
    func postDurably(_ body: String, target: String = "/layout", timeout: Double = 5) -> Response? {
        offloaded(Request(method: "POST", target: target, headers: [("Content-Type", "application/json")], body: Array(body.utf8)), timeout: timeout)
    }
}
