#if canImport(Glibc)
import Glibc
#endif
import HTTP
import JSON
import LayoutAPI
import LayoutEngine

/// The service path end to end, in process (no sockets): request decoding, response encoding,
/// `POST /layout` misses and hits, rect queries through the route, and cache memory.
func runServiceBenchmarks() {
    func time(_ runs: Int = 7, _ body: () -> Void) -> Double { medianNanoseconds(runs: runs, body) }

    // Decoding 100,000 itemSizes (parse + typed read + validation + resolution).
    var sizes = #"{"collectionView":{"width":390,"height":844},"sections":[{"itemSizes":["#
    for i in 0..<100_000 { sizes += (i > 0 ? "," : "") + #"{"width":\#(40 + i % 120),"height":\#(30 + i % 60)}"# }
    sizes += "]}]}"
    let sizesBody = Array(sizes.utf8)
    let decodeNs = time { _ = try? LayoutRequestDecoder.decode(sizesBody, maxElements: 1_000_000) }
    print("service.decode.itemSizes.100k  ms=\(fmt(decodeNs / 1e6))  ns/item=\(fmt(decodeNs / 100_000))")

    runEncodeBenchmarks()

    runPostBenchmarks()

    let app = LayoutApplication(configuration: ServiceConfiguration(cacheBytes: 1 << 30))

    // Rect queries through the route on a cached 1,000,000-element layout.
    let big = app.respond(to: Request(method: "POST", target: "/layout", headers: [("Prefer", "return=minimal")],
                                      body: Array(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":1000000}]}"#.utf8)))
    let id = String(decoding: big.body, as: UTF8.self).split(separator: "\"")[3]
    var y = 0
    let queryNs = time { for _ in 0..<10_000 { y = (y + 7919) % 12_000_000; _ = app.respond(to: Request(method: "GET", target: "/layout/\(id)/elements?rect=0,\(y),375,667")) } } / 10_000
    print("service.query.rect.1M  us/request=\(fmt(queryNs / 1e3))")

    // Memory: bytes per cached element, and RSS after caching 100 layouts of 10,000 elements.
    let memApp = LayoutApplication(configuration: ServiceConfiguration(cacheBytes: 1 << 32))
    let before = residentBytes()
    for i in 0..<100 {
        _ = memApp.respond(to: Request(method: "POST", target: "/layout", headers: [("Prefer", "return=minimal")],
                                       body: Array(#"{"collectionView":{"width":\#(300 + i),"height":667},"sections":[{"numberOfItems":10000}]}"#.utf8)))
    }
    let after = residentBytes()
    let metrics = String(decoding: memApp.respond(to: Request(method: "GET", target: "/metrics")).body, as: UTF8.self)
    let cacheBytes = metrics.split(separator: "\n").first { $0.hasPrefix("layoutd_cache_bytes ") }.map { $0.split(separator: " ")[1] } ?? "?"
    print("service.cache.100x10k  cache_bytes=\(cacheBytes)  bytes/element=\(fmt((Double(cacheBytes) ?? 0) / 1_000_000))  rss_growth_MiB=\(fmt(Double(after - before) / 1_048_576))  rss_MiB=\(fmt(Double(after) / 1_048_576))")

    // Rect queries through the route on 10,000,000 elements (`--max-elements 10000000`, 1 GiB of
    // cache), answered from the index in O(log n + k): about the 1M row. Last, as it leaves ~1 GB of RSS.
    let tenM = LayoutApplication(configuration: ServiceConfiguration(cacheBytes: 1 << 30, maxElements: 10_000_000))
    let huge = tenM.respond(to: Request(method: "POST", target: "/layout", headers: [("Prefer", "return=minimal")],
                                        body: Array(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":10000000}]}"#.utf8)))
    let hugeID = String(decoding: huge.body, as: UTF8.self).split(separator: "\"")[3]
    _ = tenM.respond(to: Request(method: "GET", target: "/layout/\(hugeID)/elements?rect=0,0,375,667"))  // builds the index
    y = 0
    let hugeNs = time { for _ in 0..<10_000 { y = (y + 79_193) % 99_000_000; _ = tenM.respond(to: Request(method: "GET", target: "/layout/\(hugeID)/elements?rect=0,\(y),375,667")) } } / 10_000
    print("service.query.rect.10M  us/request=\(fmt(hugeNs / 1e3))")
}

/// POST /layout for 1,000 items (scripts/bench/layoutd.lua's bodies), planned and answered as
/// the server does: misses (a new height each time) and hits, without sockets (`LayoutBench post`
/// runs these alone: a change to decoding, layout or encoding shows here with less noise than
/// through wrk). Each miss varies what scripts/bench/layoutd.lua's MODE=miss and MODE=compmiss
/// vary: the flow's height, the compositional layout's interSectionSpacing (its frames stay
/// whole points, as in the server benchmark); `10` is the 10-item flow of MODE=miss ITEMS=10,
/// what a computed answer costs apart from its elements. The cache holds 32 MB, so misses evict
/// older layouts as a server's do under load (and reuse their memory: a cache that never evicts
/// pays page faults for every miss).
func runPostBenchmarks() {
    let compositionalHalves800 = compositionalHalves(height: 800)
    func time(_ runs: Int = 7, _ body: () -> Void) -> Double { medianNanoseconds(runs: runs, body) }
    let app = LayoutApplication(configuration: ServiceConfiguration(cacheBytes: 32 << 20))
    var height = 800
    func post(_ body: String) -> Response {
        let request = Request(method: "POST", target: "/layout", headers: [("Content-Type", "application/json")], body: Array(body.utf8))
        guard case .proceed(var plan) = app.plan(for: request.head) else { return app.respond(to: request) }
        _ = app.execution(for: request, plan: &plan)
        return app.respond(to: request, plan: plan)
    }
    // POST_ONLY=list (or compositional, 1k) runs one body: for `perf record` of one layout type.
    let only = getenv("POST_ONLY").map { String(cString: $0) }
    let bodies: [(String, (Int) -> String)] = [
        ("1k", missBody), ("compositional.1k", { compositionalBody(compositionalHalves800, spacing: $0) }), ("list.1k", listBody),
        ("10", smallBody),
    ]
    for (name, body) in bodies
    where only.map({ name.hasPrefix($0) }) ?? true {
        let missNs = time { for _ in 0..<200 { height += 1; _ = post(body(height)) } } / 200
        let missCPU = fastestCPUNanoseconds(runs: 7) { for _ in 0..<200 { height += 1; _ = post(body(height)) } } / 200
        let hitNs = time { for _ in 0..<2_000 { _ = post(body(800)) } } / 2_000
        print("service.post.\(name).miss  us/request=\(fmt(missNs / 1e3))  cpu_us/request=\(fmt(missCPU / 1e3))")
        print("service.post.\(name).hit   us/request=\(fmt(hitNs / 1e3))")
    }
}

private func listBody(height: Int) -> String {
    #"{"collectionView":{"width":393,"scale":3,"height":\#(height)},"layout":{"type":"list","list":{"appearance":"plain"},"listEnvironment":{"includeSeparators":true}},"sections":[{"numberOfItems":1000}]}"#
}

private func missBody(height: Int) -> String { missBody(height: height, items: 1000) }

/// The 10-item body (MODE=miss ITEMS=10): what a computed answer costs apart from its elements.
private func smallBody(height: Int) -> String { missBody(height: height, items: 10) }

private func missBody(height: Int, items: Int) -> String {
    #"{"collectionView":{"width":1200,"height":\#(height)},"layout":{"itemSize":{"width":37.5,"height":40},"minimumInteritemSpacing":8,"minimumLineSpacing":8},"sections":[{"numberOfItems":\#(items)}]}"#
}

private func compositionalBody(height: Int) -> String {
    #"{"collectionView":{"width":390,"scale":3,"height":\#(height)},"layout":{"type":"compositional","sections":[{"group":{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":0.4}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":0.7},"height":{"fractionalHeight":1}},"contentInsets":{"top":10,"leading":10,"bottom":10,"trailing":10}}},{"group":{"orientation":"vertical","count":2,"layoutSize":{"width":{"fractionalWidth":0.3},"height":{"fractionalHeight":1}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":0.3}},"contentInsets":{"top":10,"leading":10,"bottom":10,"trailing":10}}}]}}]}}]},"sections":[{"numberOfItems":1000}]}"#
}

private func decodedLayout(_ body: String) -> Layout {
    guard let spec = try? LayoutRequestDecoder.decode(Array(body.utf8), maxElements: 1_000_000), let layout = try? spec.compute() else {
        fatalError("benchmark body does not decode")
    }
    return layout
}

private func label(_ n: Int) -> String { n >= 1_000_000 ? "\(n / 1_000_000)M" : "\(n / 1_000)k" }

private func fmt(_ v: Double) -> String { formatted(v) }

/// VmRSS from /proc/self/status, in bytes.
func residentBytes() -> Int {
    guard let f = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(f) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, 256, f) != nil {
        let s = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if s.hasPrefix("VmRSS:") {
            return (Int(s.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
        }
    }
    return 0
}

/// Encoding whole responses (`LayoutBench encode`): wall-clock median, and the fastest run's
/// thread CPU time (cpu_ns: what the encoder costs when the machine is shared).
func runEncodeBenchmarks() {
    func time(_ runs: Int = 7, _ body: () -> Void) -> Double { medianNanoseconds(runs: runs, body) }
    let encodeCases: [(String, Layout)] = [1_000, 100_000, 1_000_000].map { count in
        (label(count), FlowLayout.layout(FlowLayoutConfiguration(
            collectionView: CollectionViewMetrics(width: 390, height: 844, scale: 3),
            sections: [FlowSection(items: .uniform(count: count, size: Size(width: 90, height: 120)))])))
    } + [("missRow.1k", decodedLayout(missBody(height: 800))), ("compositional.1k", decodedLayout(compositionalBody(height: 800)))]
    for (name, layout) in encodeCases {
        let count = layout.attributes.count
        var bytes = 0
        let runs = count >= 1_000_000 ? 3 : count >= 100_000 ? 7 : 201
        let ns = time(count >= 1_000_000 ? 3 : 7) { bytes = LayoutEncoder.full(id: "0123456789abcdef0123456789abcdef", layout: layout, estimates: false).count }
        let cpu = fastestCPUNanoseconds(runs: runs) { bytes = LayoutEncoder.full(id: "0123456789abcdef0123456789abcdef", layout: layout, estimates: false).count }
        print("service.encode.\(name)  ns/element=\(fmt(ns / Double(count)))  cpu_ns/element=\(fmt(cpu / Double(count)))  bytes/element=\(fmt(Double(bytes) / Double(count)))")
    }

    // The same 1,000-element encodes as the server makes them: every body kept, as the cache
    // keeps it, in a ring of 256 MB (the default --cache-bytes), so each one is written into
    // memory that no CPU cache holds (the rows above reuse one warm buffer).
    for (name, layout) in encodeCases where layout.attributes.count == 1_000 {
        var ring = [[UInt8]](repeating: [], count: 2_560)
        var slot = 0
        func encodeKept() {
            ring[slot] = LayoutEncoder.full(id: "0123456789abcdef0123456789abcdef", layout: layout, estimates: false)
            slot = (slot + 1) % ring.count
        }
        for _ in 0..<ring.count { encodeKept() }   // fill the ring first
        var best = Double.infinity
        for _ in 0..<5 {
            let start = threadCPUNanoseconds()
            for _ in 0..<1_000 { encodeKept() }
            best = min(best, (threadCPUNanoseconds() - start) / 1_000)
        }
        print("service.encode.kept.\(name)  cpu_ns/element=\(fmt(best / 1_000))  (each body kept in a 256 MB ring)")
    }
}

/// A computed `POST /layout` in stages (`LayoutBench stages`), for the three bodies of
/// scripts/bench-http's computed rows: thread CPU per request of each stage alone, fastest of 7
/// runs of 200 requests. `parse` builds and frees the JSON tree (what the general path starts
/// with); `decode` is the service's decode (`LayoutFastPath` for the flow and compositional
/// bodies, the parse and the typed pass for the list's); `id` is the canonical
/// form and its SHA-256; `compute` the engine; `encode` the full answer's bytes.
func runStageBenchmarks() {
    let bodies: [(String, (Int) -> String)] = [
        ("flow.1k", missBody), ("compositional.1k", { compositionalBody(height: 800, spacing: $0) }), ("list.1k", listBody),
    ]
    let only = getenv("POST_ONLY").map { String(cString: $0) }   // as in `post`: one body
    for (name, body) in bodies where only.map({ name.hasPrefix($0) }) ?? true {
        let texts = (0..<200).map { Array(body(800 + $0).utf8) }
        guard let specs = try? texts.map({ bytes throws(APIError) in try LayoutRequestDecoder.decode(bytes, maxElements: 1_000_000) }),
              let layouts = try? specs.map({ spec throws(LayoutRefusal) in try spec.compute() })
        else { fatalError("benchmark body does not decode") }
        func perRequest(_ work: () -> Void) -> Double { fastestCPUNanoseconds(runs: 7, work) / 200 / 1e3 }
        var sink = 0
        let parse = perRequest { for t in texts { if case .object(let o) = try? JSONParser.parse(t) { sink &+= o.count } } }
        let decode = perRequest { for t in texts { if let s = try? LayoutRequestDecoder.decode(t, maxElements: 1_000_000) { withExtendedLifetime(s) { sink &+= 1 } } } }
        let id = perRequest { for s in specs { sink &+= s.contentID().utf8.count } }
        let compute = perRequest { for s in specs { if let l = try? s.compute() { sink &+= l.attributes.count } } }
        let encode = perRequest { for l in layouts { sink &+= LayoutEncoder.full(id: "0123456789abcdef0123456789abcdef", layout: l, estimates: false).count } }
        print("service.stages.\(name)  cpu_us/request: parse=\(fmt(parse))  decode=\(fmt(decode))  id=\(fmt(id))  compute=\(fmt(compute))  encode=\(fmt(encode))  (sink \(sink & 1))")
    }
}

/// The compositional body with `"configuration":{"interSectionSpacing":spacing}` after its type
/// (MODE=compmiss). Made by joining two halves cut once: `post` makes one per request inside its
/// timing, where searching the whole body each time cost 20 µs, a third of the miss it timed.
private func compositionalBody(height: Int, spacing: Int) -> String {
    compositionalBody(compositionalHalves(height: height), spacing: spacing)
}

private func compositionalBody(_ halves: (String, String), spacing: Int) -> String {
    halves.0 + #""configuration":{"interSectionSpacing":\#(spacing)},"# + halves.1
}

private func compositionalHalves(height: Int) -> (String, String) {
    let marker = #""type":"compositional","#
    let whole = compositionalBody(height: height)
    guard let range = whole.firstRange(of: marker) else { return (whole, "") }
    return (String(whole[..<range.upperBound]), String(whole[range.upperBound...]))
}
