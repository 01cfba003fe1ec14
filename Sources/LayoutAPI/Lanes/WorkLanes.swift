import Dispatch
import HTTP
import Synchronization

/// Where offloaded requests run: cheap work on Dispatch's global queue (the light lane, as
/// before), heavy work (layouts and answers of more than `LayoutApplication.heavyElements`
/// elements, bodies over `LayoutApplication.heavyBodyBytes`) on a lane of its own, `width`
/// requests at a time in arrival order.
///
/// Why: Dispatch's global queue runs one thread per core, so two heavy requests on a 2-core
/// machine held both threads and a 3-cell `POST /layout` waited 6–12 s behind them (issue 33).
/// The heavy lane's threads are its own serial queues (which Dispatch runs on threads of their
/// own, beside the global queue's), so the light lane always has its threads; the kernel shares
/// the cores between both. Heavy work waits for heavy work only.
///
/// A job whose client is gone before it starts is not run (`cancelled` answers it instead).
final class WorkLanes: Sendable {
    struct Stats: Sendable, Hashable {
        var waiting: Int
        var running: Int
    }

    private struct Job {
        let cancellation: Cancellation?
        let run: @Sendable () -> Void
        let cancelled: @Sendable () -> Void
    }

    private struct State {
        var jobs: [Job?] = []
        var head = 0
        /// The heavy queues with no drain running.
        var idle: [Int]
        var waiting: Int { jobs.count - head }
    }

    /// Heavy requests run at once; the rest wait.
    let width: Int
    private let queues: [DispatchQueue]
    private let state: Mutex<State>

    /// `width` heavy requests at a time: by default one core fewer than the machine has (at
    /// least one), so a core is left to the light lane.
    init(width: Int = max(1, ServerConfiguration.coreCount - 1)) {
        self.width = max(1, width)
        queues = (0..<self.width).map { DispatchQueue(label: "layoutd.heavy.\($0)") }
        state = Mutex(State(idle: Array((0..<self.width).reversed())))
    }

    var stats: Stats { state.withLock { Stats(waiting: $0.waiting, running: width - $0.idle.count) } }

    /// Runs `run` on the heavy lane when a place is free (now, or after the jobs before it);
    /// `cancelled` instead if the client is gone by then.
    func submit(_ cancellation: Cancellation?, run: @escaping @Sendable () -> Void, cancelled: @escaping @Sendable () -> Void) {
        let start: Int? = state.withLock { s in
            s.jobs.append(Job(cancellation: cancellation, run: run, cancelled: cancelled))
            return s.idle.popLast()
        }
        guard let start else { return }
        queues[start].async { self.drain(start) }
    }

    /// Runs waiting jobs one after another until none is left, then gives its queue back.
    private func drain(_ queue: Int) {
        while let job = next(queue) {
            if job.cancellation?.isCancelled == true { job.cancelled() } else { job.run() }
        }
    }

    private func next(_ queue: Int) -> Job? {
        state.withLock { s in
            guard s.head < s.jobs.count else {
                s.idle.append(queue)
                s.jobs.removeAll(keepingCapacity: s.jobs.capacity <= 1024)
                s.head = 0
                return nil
            }
            let job = s.jobs[s.head]
            s.jobs[s.head] = nil
            s.head += 1
            if s.head >= 1024, s.head * 2 >= s.jobs.count {
                s.jobs.removeFirst(s.head)
                s.head = 0
            }
            return job
        }
    }
}
