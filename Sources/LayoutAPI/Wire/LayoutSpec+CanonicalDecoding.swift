import LayoutEngine

/// The way back from `canonicalBytes()`: what a replica reads from the shared store to recompute
/// a layout another replica computed. The bytes carry every input (defaults spelled out), so the
/// spec decoded here lays out exactly as the original; `decodeCanonical` checks that by writing
/// the spec out again and comparing bytes, so a row of another version or a damaged row is
/// refused instead of answered wrongly.
extension LayoutSpec {
    /// Why stored bytes could not be turned back into a spec.
    package struct CanonicalError: Error, Equatable, CustomStringConvertible {
        package var description: String
    }

    /// The spec whose `canonicalBytes()` are exactly `bytes`. `maxElements` bounds the counts read
    /// (a stored row is trusted no more than a request).
    package static func decodeCanonical(_ bytes: [UInt8], maxElements: Int) throws(CanonicalError) -> LayoutSpec {
        let json: JSON
        do { json = try JSONParser.parse(bytes) } catch { throw CanonicalError(description: "not JSON: \(error)") }
        let r = CanonicalReader(budget: maxElements)
        let root = try r.object(json)
        let version = try r.int(root["v"])
        guard version == canonicalVersion else {
            throw CanonicalError(description: "canonical version \(version), this server reads \(canonicalVersion)")
        }
        let spec: LayoutSpec
        switch try r.string(root["type"]) {
        case "flow": spec = .flow(try r.flow(root))
        case "waterfall": spec = try r.waterfall(root)
        case "columnFlow":
            spec = .columnFlow(ColumnFlowConfiguration(
                collectionView: try r.metrics(root["cv"]), itemCounts: try r.counts(root["counts"]),
                minColumnWidth: try r.number(root["minCol"]), cellHeight: try r.number(root["cell"]),
                minimumLineSpacing: try r.number(root["line"]), minimumInteritemSpacing: try r.number(root["inter"])))
        case "grid":
            spec = .grid(GridConfiguration(
                collectionView: try r.metrics(root["cv"]), itemsPerLine: try r.int(root["n"]),
                sideMargin: try r.number(root["margin"]), spacing: try r.number(root["spacing"]),
                lineSpacing: try r.number(root["line"]), aspectRatio: try r.number(root["ratio"]),
                topInset: try r.number(root["top"]), bottomInset: try r.number(root["bottom"]),
                itemCounts: try r.counts(root["counts"])))
        case "mosaic":
            spec = .mosaic(MosaicConfiguration(width: try r.number(root["w"]), height: try r.number(root["h"]),
                                               itemCount: try r.count(root["count"])))
        case let other:
            throw CanonicalError(description: "unknown layout type \(other)")
        }
        guard spec.canonicalBytes() == bytes else {
            throw CanonicalError(description: "the decoded spec does not write back to the same bytes")
        }
        return spec
    }
}

/// Typed reads of canonical JSON; every count is charged to one element budget.
private final class CanonicalReader {
    typealias Failure = LayoutSpec.CanonicalError
    private var budget: Int

    init(budget: Int) { self.budget = budget }

    func fail(_ what: String) -> Failure { Failure(description: what) }

    func object(_ v: JSON?) throws(Failure) -> JSONObject {
        guard case .object(let o)? = v else { throw fail("expected an object") }
        return o
    }
    func array(_ v: JSON?) throws(Failure) -> [JSON] {
        guard case .array(let a)? = v else { throw fail("expected an array") }
        return a
    }
    func number(_ v: JSON?) throws(Failure) -> Double {
        guard case .number(let n)? = v else { throw fail("expected a number") }
        return n
    }
    func int(_ v: JSON?) throws(Failure) -> Int {
        let n = try number(v)
        guard n >= -1e15, n <= 1e15, n == n.rounded(.towardZero) else { throw fail("expected an integer") }
        return Int(n)
    }
    func bool(_ v: JSON?) throws(Failure) -> Bool {
        guard case .bool(let b)? = v else { throw fail("expected a boolean") }
        return b
    }
    func string(_ v: JSON?) throws(Failure) -> String {
        guard case .string(let s)? = v else { throw fail("expected a string") }
        return s
    }
    func enumValue<E: RawRepresentable>(_ v: JSON?, _: E.Type) throws(Failure) -> E where E.RawValue == String {
        let s = try string(v)
        guard let e = E(rawValue: s) else { throw fail("unknown value \(s)") }
        return e
    }
    /// A count of elements, charged to the budget.
    func count(_ v: JSON?) throws(Failure) -> Int {
        let n = try int(v)
        guard n >= 0, n <= budget else { throw fail("a count over the element budget") }
        budget -= n
        return n
    }
    func counts(_ v: JSON?) throws(Failure) -> [Int] {
        let a = try array(v)
        guard a.count <= budget else { throw fail("more sections than the element budget") }
        var out: [Int] = []
        out.reserveCapacity(a.count)
        for n in a { out.append(try count(n)) }
        return out
    }
    func doubles(_ v: JSON?, _ n: Int) throws(Failure) -> [Double] {
        let a = try array(v)
        guard a.count == n else { throw fail("expected \(n) numbers") }
        var out: [Double] = []
        for x in a { out.append(try number(x)) }
        return out
    }
    func size(_ v: JSON?) throws(Failure) -> Size {
        let d = try doubles(v, 2)
        return Size(width: d[0], height: d[1])
    }
    func insets(_ v: JSON?) throws(Failure) -> Insets {
        let d = try doubles(v, 4)
        return Insets(top: d[0], left: d[1], bottom: d[2], right: d[3])
    }
    func metrics(_ v: JSON?) throws(Failure) -> CollectionViewMetrics {
        let a = try array(v)
        guard a.count == 6 else { throw fail("expected collection-view metrics") }
        return CollectionViewMetrics(width: try number(a[0]), height: try number(a[1]), scale: try number(a[2]),
                                     contentInset: try insets(a[3]), safeAreaInsets: try insets(a[4]),
                                     layoutMargins: try insets(a[5]))
    }
    /// Flat `[n, a, b, n, a, b, …]` triples as (n, a, b).
    func triples(_ v: JSON?) throws(Failure) -> [(Double, Double, Double)] {
        let a = try array(v)
        guard a.count % 3 == 0 else { throw fail("expected triples") }
        var out: [(Double, Double, Double)] = []
        var i = 0
        while i < a.count {
            out.append((try number(a[i]), try number(a[i + 1]), try number(a[i + 2])))
            i += 3
        }
        return out
    }

    func flow(_ o: JSONObject) throws(Failure) -> FlowLayoutConfiguration {
        let align = try array(o["align"]), pin = try array(o["pin"])
        guard align.count == 3, pin.count == 2 else { throw fail("expected align and pin arrays") }
        let estimate: EstimatedItemSize?
        switch o["est"] {
        case .null?: estimate = nil
        case .string("automatic")?: estimate = .automatic
        case let v: estimate = .fixed(try size(v))
        }
        var sections: [FlowSection] = []
        for s in try array(o["sections"]) {
            let so = try object(s)
            let items: FlowItems
            if let sizes = so["sizes"] {
                let flat = try array(sizes)
                guard flat.count % 2 == 0, flat.count / 2 <= budget else { throw fail("bad item sizes") }
                budget -= flat.count / 2
                var list: [Size] = []
                list.reserveCapacity(flat.count / 2)
                var i = 0
                while i < flat.count {
                    list.append(Size(width: try number(flat[i]), height: try number(flat[i + 1])))
                    i += 2
                }
                items = .sizes(list)
            } else {
                items = .uniform(count: try count(so["count"]), size: try size(so["size"]))
            }
            var preferred: [Int: Size] = [:]
            if let p = so["preferred"] {
                for (item, w, h) in try triples(p) {
                    guard item >= 0, item < 1e15, item == item.rounded(.towardZero) else { throw fail("bad preferred index") }
                    preferred[Int(item)] = Size(width: w, height: h)
                }
            }
            sections.append(FlowSection(
                items: items, inset: try insets(so["inset"]), minimumLineSpacing: try number(so["line"]),
                minimumInteritemSpacing: try number(so["inter"]), headerReferenceSize: try size(so["header"]),
                footerReferenceSize: try size(so["footer"]), preferredSizes: preferred))
        }
        return FlowLayoutConfiguration(
            collectionView: try metrics(o["cv"]), scrollDirection: try enumValue(o["dir"], ScrollDirection.self),
            sectionInsetReference: try enumValue(o["ref"], SectionInsetReference.self),
            rowAlignment: RowAlignment(commonRow: try enumValue(align[0], LineAlignment.self),
                                       lastRow: try enumValue(align[1], LineAlignment.self),
                                       vertical: try enumValue(align[2], CrossAlignment.self)),
            sectionHeadersPinToVisibleBounds: try bool(pin[0]), sectionFootersPinToVisibleBounds: try bool(pin[1]),
            roundsToScreenScale: try bool(o["round"]), estimatedItemSize: estimate,
            swapsSpacingForMixedHorizontalSections: try bool(o["swap"]), sections: sections)
    }

    /// Sections come back with every override set (as the canonical form resolved them).
    func waterfall(_ o: JSONObject) throws(Failure) -> LayoutSpec {
        let pin = try array(o["pin"])
        guard pin.count == 2 else { throw fail("expected a pin array") }
        var sections: [WaterfallSection] = []
        for s in try array(o["sections"]) {
            let so = try object(s)
            var sizes: [Size] = []
            for (n, w, h) in try triples(so["runs"]) {
                guard n >= 1, n <= Double(budget), n == n.rounded(.towardZero) else { throw fail("bad item run") }
                budget -= Int(n)
                sizes.append(contentsOf: repeatElement(Size(width: w, height: h), count: Int(n)))
            }
            sections.append(WaterfallSection(
                itemSizes: sizes, columnCount: try int(so["cols"]), minimumColumnSpacing: try number(so["colSp"]),
                minimumInteritemSpacing: try number(so["inter"]), inset: try insets(so["inset"]),
                headerHeight: try number(so["header"]), footerHeight: try number(so["footer"]),
                headerInset: try insets(so["hInset"]), footerInset: try insets(so["fInset"])))
        }
        let config = WaterfallConfiguration(
            width: try number(o["w"]), scale: try number(o["scale"]),
            itemRenderDirection: try enumValue(o["dir"], WaterfallItemRenderDirection.self),
            minimumContentHeight: try number(o["minH"]), sectionHeadersPinToVisibleBounds: try bool(pin[0]),
            sectionFootersPinToVisibleBounds: try bool(pin[1]), contentInset: try insets(o["ci"]), sections: sections)
        return .waterfall(config, viewHeight: try number(o["h"]))
    }
}
