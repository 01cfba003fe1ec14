import HTTP
import LayoutAPI

/// Pictures through the route, in process: `GET /layout/{id}.svg` for layouts of 16 to 20,000
/// elements (every element drawn) and a rect on a 1,000,000-element layout (only what the rect
/// query returns is drawn). What decides which pictures are drawn on the I/O loop.
func runSVGBenchmarks() {
    let app = LayoutApplication(configuration: ServiceConfiguration(cacheBytes: 1 << 30))
    func post(_ count: Int) -> String {
        let r = app.respond(to: Request(method: "POST", target: "/layout", headers: [("Prefer", "return=minimal")],
                                        body: Array(#"{"collectionView":{"width":375,"height":667},"layout":{"headerReferenceSize":{"width":0,"height":30}},"sections":[{"numberOfItems":\#(count / 2)},{"numberOfItems":\#(count - count / 2 - 2)}]}"#.utf8)))
        return String(String(decoding: r.body, as: UTF8.self).split(separator: "\"")[3])
    }
    for count in [16, 100, 1_000, 20_000] {
        let id = post(count)
        var bytes = 0
        let repeats = max(1, 20_000 / count)
        let ns = medianNanoseconds(runs: 7) {
            for _ in 0..<repeats { bytes = app.respond(to: Request(method: "GET", target: "/layout/\(id).svg")).body.count }
        } / Double(repeats)
        print("svg.draw.\(count)  us/request=\(formatted(ns / 1e3))  ns/element=\(formatted(ns / Double(count)))  bytes/element=\(formatted(Double(bytes) / Double(count)))")
    }
    let big = post(1_000_000)
    _ = app.respond(to: Request(method: "GET", target: "/layout/\(big)/elements?rect=0,0,1,1"))  // builds the index
    var y = 0
    var drawn = 0
    let rectNs = medianNanoseconds(runs: 7) {
        for _ in 0..<200 {
            y = (y + 7919) % 12_000_000
            drawn = app.respond(to: Request(method: "GET", target: "/layout/\(big).svg?rect=0,\(y),375,667")).body.count
        }
    } / 200
    print("svg.rect.1M  us/request=\(formatted(rectNs / 1e3))  bytes=\(drawn)")
}
