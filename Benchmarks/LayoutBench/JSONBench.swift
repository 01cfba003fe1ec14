import Glibc
import JSON
import LayoutAPI

/// JSON codec and SHA-256 throughput: `swift run -c release LayoutBench`.
/// Prints wall-clock medians (ContinuousClock) and, because the build machine is shared, the
/// thread's CPU time as `cpu_...` alongside.
func runJSONBenchmarks() {
    let document = itemSizesDocument(count: 100_000)
    benchmarkParse(document)
    benchmarkFieldReading(document)
    benchmarkEncodeFrames(count: 1_000_000)
    benchmarkEncodeFramesInChunks(count: 1_000_000)
    benchmarkEncodeNumbers(count: 1_000_000)
    benchmarkSHA256()
}

/// `{"itemSizes":[{"width": 120, "height": 40}, ...]}`
func itemSizesDocument(count: Int) -> [UInt8] {
    var document = Array(#"{"itemSizes":["#.utf8)
    for index in 0..<count {
        if index > 0 { document.append(UInt8(ascii: ",")) }
        document.append(contentsOf: #"{"width": 120, "height": 40}"#.utf8)
    }
    document.append(contentsOf: "]}".utf8)
    return document
}

func benchmarkParse(_ document: [UInt8]) {
    var checksum = 0.0
    let time = measureMedian(runs: 9) {
        guard case .object(let root) = try? JSONParser.parse(document),
            case .array(let items)? = root["itemSizes"], case .object(let last)? = items.last,
            case .number(let width)? = last["width"]
        else { return }
        checksum += width
    }
    print("json.parse.itemSizes.100k  ms=\(format(time.wall * 1e3))  cpu_ms=\(format(time.cpu * 1e3))  MB/s=\(format(Double(document.count) / time.wall / 1e6))")
    blackHole(checksum)
}

/// Reading every item size through JSONField, with a pointer for each value.
func benchmarkFieldReading(_ document: [UInt8]) {
    let parsed = (try? JSONParser.parse(document)) ?? .null
    var checksum = 0.0
    let time = measureMedian(runs: 9) {
        do throws(FieldError) {
            let items = try JSONField(parsed).object().required("itemSizes").array(maxCount: 1_000_000)
            for item in items {
                let size = try item.object()
                checksum += try size.required("width").double() + size.required("height").double()
            }
        } catch {
            print("unexpected \(error.detail)")
        }
    }
    print("json.fields.itemSizes.100k  ms=\(format(time.wall * 1e3))  cpu_ms=\(format(time.cpu * 1e3))  ns/item=\(format(time.wall * 1e4))")
    blackHole(checksum)
}

/// Frame elements as the layout response writes them; the buffer is reused across runs
/// (a fresh 108 MB buffer adds ~30 ns/element of page faults).
func benchmarkEncodeFrames(count: Int) {
    var writer = JSONWriter(capacity: count * 110)
    let time = measureMedian(runs: 7) {
        writer.bytes.removeAll(keepingCapacity: true)
        writer.raw("[")
        for index in 0..<count {
            if index > 0 { writer.raw(",") }
            writer.raw("{\"category\":\"cell\",\"indexPath\":[")
            writer.int(0)
            writer.raw(",")
            writer.int(index)
            writer.raw("],\"frame\":{\"x\":")
            writer.number(86.5)
            writer.raw(",\"y\":")
            writer.number(Double(index / 3) * 120)
            writer.raw(",\"width\":")
            writer.number(60)
            writer.raw(",\"height\":")
            writer.number(60)
            writer.raw("},\"zIndex\":")
            writer.int(0)
            writer.raw("}")
        }
        writer.raw("]")
    }
    let perElement = 1e9 / Double(count)
    print("json.encode.frames.1M  ns/element=\(format(time.wall * perElement))  cpu_ns/element=\(format(time.cpu * perElement))  bytes=\(writer.bytes.count)")
}

/// The same elements through `JSONWriter.chunk(reserving:)`, one chunk per element.
func benchmarkEncodeFramesInChunks(count: Int) {
    var writer = JSONWriter(capacity: count * 110)
    let time = measureMedian(runs: 7) {
        writer.bytes.removeAll(keepingCapacity: true)
        writer.raw("[")
        for index in 0..<count {
            writer.chunk(reserving: 160) { out in
                if index > 0 { out.raw(",") }
                out.raw("{\"category\":\"cell\",\"indexPath\":[")
                out.int(0)
                out.raw(",")
                out.int(index)
                out.raw("],\"frame\":{\"x\":")
                out.number(86.5)
                out.raw(",\"y\":")
                out.number(Double(index / 3) * 120)
                out.raw(",\"width\":")
                out.number(60)
                out.raw(",\"height\":")
                out.number(60)
                out.raw("},\"zIndex\":")
                out.int(0)
                out.raw("}")
            }
        }
        writer.raw("]")
    }
    let perElement = 1e9 / Double(count)
    print("json.encode.frames.chunked.1M  ns/element=\(format(time.wall * perElement))  cpu_ns/element=\(format(time.cpu * perElement))  bytes=\(writer.bytes.count)")
}

/// Numbers off every fast path (thirds need Swift's shortest-digits printer).
func benchmarkEncodeNumbers(count: Int) {
    var writer = JSONWriter(capacity: count * 20)
    let time = measureMedian(runs: 5) {
        writer.bytes.removeAll(keepingCapacity: true)
        for index in 0..<count {
            writer.number(Double(index) / 3)
            writer.raw(",")
        }
    }
    let perNumber = 1e9 / Double(count)
    print("json.encode.number.thirds.1M  ns/number=\(format(time.wall * perNumber))  cpu_ns/number=\(format(time.cpu * perNumber))")
}

func benchmarkSHA256() {
    let megabyte = [UInt8](repeating: 0x61, count: 1 << 20)
    var digestByte: UInt8 = 0
    let time = measureMedian(runs: 9) { digestByte ^= SHA256.digest(megabyte)[0] }
    print("sha256.1MB  MB/s=\(format(1.048576 / time.wall))  cpu_MB/s=\(format(1.048576 / time.cpu))")
    blackHole(Double(digestByte))
}

/// Median wall time (ContinuousClock) and median thread CPU time, in seconds.
func measureMedian(runs: Int, _ body: () -> Void) -> (wall: Double, cpu: Double) {
    let clock = ContinuousClock()
    var walls: [Double] = []
    var cpus: [Double] = []
    for _ in 0..<runs {
        let cpuStart = threadCPUSeconds()
        let elapsed = clock.measure(body)
        cpus.append(threadCPUSeconds() - cpuStart)
        walls.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
    return (walls.sorted()[runs / 2], cpus.sorted()[runs / 2])
}

private func threadCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}

private func format(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}

@inline(never)
private func blackHole(_ value: Double) {
    if value == -1.2345 { print(value) }
}
