#if canImport(Glibc)
import Glibc
#endif
import LayoutEngine

/// Flow-layout throughput: ns per laid-out element (median of 7 samples; each sample repeats the
/// layout enough times to cover about a million elements). Target: under 20 ns per element.
/// `cpu-ns/element` is the process CPU time (user + kernel, page faults included) over the same
/// samples, which stays meaningful when other builds share the machine's two cores.
func runFlowBenchmarks() {
    let metrics = CollectionViewMetrics(width: 390, height: 844, scale: 3)
    func uniform(_ count: Int) -> FlowLayoutConfiguration {
        FlowLayoutConfiguration(collectionView: metrics, sections: [
            FlowSection(items: .uniform(count: count, size: Size(width: 90, height: 120)),
                        inset: Insets(top: 8, left: 16, bottom: 8, right: 16),
                        headerReferenceSize: Size(width: 0, height: 44)),
        ])
    }
    func mixed(_ count: Int) -> FlowLayoutConfiguration {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var sizes: [Size] = []
        sizes.reserveCapacity(count)
        for _ in 0..<count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let bits = state >> 33
            sizes.append(Size(width: 40 + Double(bits % 120), height: 30 + Double((bits >> 8) % 60)))
        }
        return FlowLayoutConfiguration(collectionView: metrics, sections: [FlowSection(items: .sizes(sizes))])
    }
    measureFlow("flow.uniform.1k", uniform(1_000), elements: 1_000)
    measureFlow("flow.uniform.100k", uniform(100_000), elements: 100_000)
    measureFlow("flow.uniform.1M", uniform(1_000_000), elements: 1_000_000)
    measureFlow("flow.mixed.100k", mixed(100_000), elements: 100_000)
}

private func measureFlow(_ name: String, _ configuration: FlowLayoutConfiguration, elements: Int) {
    let clock = ContinuousClock()
    let repetitions = max(1, 1_000_000 / elements)
    var samples: [Double] = []
    var cpuSamples: [Double] = []
    var checksum = 0.0
    for _ in 0..<7 {
        let cpuStart = processCPUNanoseconds()
        let elapsed = clock.measure {
            for _ in 0..<repetitions {
                let layout = FlowLayout.layout(configuration)
                checksum += layout.contentSize.height + Double(layout.attributes.count)
            }
        }
        let (seconds, attoseconds) = elapsed.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        samples.append(nanoseconds / Double(repetitions * elements))
        cpuSamples.append((processCPUNanoseconds() - cpuStart) / Double(repetitions * elements))
    }
    print("\(name)  ns/element=\(median(samples))  cpu-ns/element=\(median(cpuSamples))"
          + "  (checksum \(Int(checksum) % 1000))")
}

private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return Double(Int(sorted[sorted.count / 2] * 10)) / 10
}

private func processCPUNanoseconds() -> Double {
    #if canImport(Glibc)
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    #else
    return 0
    #endif
}
