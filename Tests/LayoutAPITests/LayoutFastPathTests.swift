import Foundation
import JSON
@testable import LayoutAPI
import LayoutEngine
import TestSupport
import Testing

/// `LayoutFastPath` reads the common flow and compositional bodies without a JSON tree. Wherever
/// it gives a spec, the parse and typed pass must give the same one (equal, with the same id
/// and element count); everywhere else it must give nil and leave the body to them. Checked on
/// every compositional and list fixture and the documentation's examples, on generated flow and
/// compositional bodies inside and outside its shape (valid or not), and on byte-level mutations
/// of valid ones.
@Suite struct LayoutFastPathTests {
    static let maxElements = 5_000

    enum Outcome: Equatable { case fast, generalOnly, refused }

    /// The general path alone: `JSONParser` and the typed pass, no shortcut.
    static func general(_ body: [UInt8]) -> LayoutSpec? {
        guard let json = try? JSONParser.parse(body, maxDepth: RequestBodyLimits.maxDepth) else { return nil }
        return try? LayoutSpec.decode(parsed: json, ServiceConfiguration(maxElements: maxElements))
    }

    /// Both paths on `body`; a spec from the fast path must be the general path's.
    @discardableResult
    static func compare(_ body: [UInt8], _ note: @autoclosure () -> String = "") -> Outcome {
        let fast = LayoutFastPath.decode(body, maxElements: maxElements)
        let general = general(body)
        guard let fast else { return general == nil ? .refused : .generalOnly }
        let text = String(decoding: body, as: UTF8.self)
        guard let general else {
            Issue.record("the fast path accepted a body the general path refuses \(note()): \(text)")
            return .fast
        }
        #expect(fast == general, "\(note()): \(text)")
        #expect(fast.contentID() == general.contentID(), "\(note()): \(text)")
        #expect(fast.requestedElements == general.requestedElements, "\(note()): \(text)")
        return .fast
    }

    static let nestedGroups = #"{"collectionView":{"width":390,"scale":3,"height":800},"layout":{"type":"compositional","sections":[{"group":{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":0.4}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":0.7},"height":{"fractionalHeight":1}},"contentInsets":{"top":10,"leading":10,"bottom":10,"trailing":10}}},{"group":{"orientation":"vertical","count":2,"layoutSize":{"width":{"fractionalWidth":0.3},"height":{"fractionalHeight":1}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":0.3}},"contentInsets":{"top":10,"leading":10,"bottom":10,"trailing":10}}}]}}]}}]},"sections":[{"numberOfItems":1000}]}"#

    @Test func theBenchmarksNestedGroupsBodyTakesIt() throws {
        let body = Array(Self.nestedGroups.utf8)
        #expect(Self.compare(body) == .fast)
        let spec = try #require(LayoutFastPath.decode(body, maxElements: 1_000_000))
        // The id the service answered for this body before the fast path existed.
        #expect(spec.contentID() == "45ee6d93c18ae7119d5d27987364397a")
        #expect(spec.requestedElements == 1_000)
        let c = try #require(spec.definition as? CompositionalConfiguration)
        #expect(c.collectionView.width == 390 && c.collectionView.height == 800 && c.collectionView.scale == 3)
        #expect(c.itemCounts == [1_000])
        #expect(c.elementLimit == 1_000_000)
        let group = try #require(c.sections.first?.group)
        #expect(group.orientation == .horizontal)
        #expect(group.layoutSize == CompositionalSize(width: .fractionalWidth(1), height: .fractionalHeight(0.4)))
        guard case .group(let inner) = group.subitems[1] else { Issue.record("the second subitem is a group"); return }
        #expect(inner.count == 2 && inner.orientation == .vertical)
        // Through the service: the same frames as before (x 283, y 170 for item 2).
        let layout = try spec.compute()
        #expect(layout.attributes.count == 1_000)
        #expect(layout.attributes[2].frame == Rect(x: 283, y: 170, width: 97, height: 140))
    }

    @Test func enumNamesAreTheCasesInOrder() {
        func names(_ list: [StaticString]) -> [String] { list.map { "\($0)" } }
        #expect(names(LayoutFastPath.Names.scrollDirection) == ScrollDirection.allCases.map(\.rawValue))
        #expect(names(LayoutFastPath.Names.layoutDirection) == LayoutDirection.allCases.map(\.rawValue))
        #expect(names(LayoutFastPath.Names.orientation) == GroupOrientation.allCases.map(\.rawValue))
        #expect(names(LayoutFastPath.Names.orthogonal) == OrthogonalScrollingBehavior.allCases.map(\.rawValue))
        #expect(names(LayoutFastPath.Names.boundaryAlignment) == BoundaryAlignment.allCases.map(\.rawValue))
        #expect(names(LayoutFastPath.Names.listAppearance) == ListAppearance.allCases.map(\.rawValue))
        #expect(names(LayoutFastPath.Names.listHeaderMode) == ListHeaderMode.allCases.map(\.rawValue))
        #expect(names(LayoutFastPath.Names.listFooterMode) == ListFooterMode.allCases.map(\.rawValue))
        #expect(names(LayoutFastPath.Names.listGeneration) == ListGeneration.allCases.map(\.rawValue))
        #expect(names(LayoutFastPath.Names.contentSizeCategory) == ContentSizeCategory.allCases.map(\.rawValue))
    }

    /// The list of the server benchmark (`MODE=listmiss`): a plain list with its separators.
    @Test func theBenchmarksListBodyTakesIt() throws {
        let body = Array(#"{"collectionView":{"width":393,"scale":3,"height":800},"layout":{"type":"list","list":{"appearance":"plain"},"listEnvironment":{"includeSeparators":true}},"sections":[{"numberOfItems":1000}]}"#.utf8)
        #expect(Self.compare(body) == .fast)
        let spec = try #require(LayoutFastPath.decode(body, maxElements: 1_000_000))
        #expect(spec.contentID() == "70363b239d700079516c980224cb9056")   // as answered before the list took it
        #expect(spec.requestedElements == 1_000)
        let c = try #require(spec.definition as? CompositionalConfiguration)
        #expect(c.sections == [CompositionalSection.listSection(ListSectionConfiguration(appearance: .plain))])
        #expect(c.listEnvironment == ListEnvironment(includeSeparators: true))
        // The frames as before: the section's background, then the cells, then the separators.
        let layout = try spec.compute()
        #expect(layout.attributes.count == 2_001)
        #expect(layout.attributes[2].frame == Rect(x: 0, y: 44, width: 393, height: 44))
        #expect(layout.attributes[1_002].frame == Rect(x: 16, y: 87.66666666666667, width: 377, height: 0.3333333333333333))
    }

    /// `"type": "list"` alone, a grouped list with headers, and what the typed pass refuses or
    /// reads elsewhere: `list` beside `sections`, a horizontal list, `rowHeight`.
    @Test func listBodiesAgree() {
        let cv = #""collectionView":{"width":390,"height":844,"scale":3}"#
        let sections = #""sections":[{"numberOfItems":3},{"numberOfItems":0}]"#
        let fast = [
            #"{\#(cv),"layout":{"type":"list"},\#(sections)}"#,
            #"{\#(cv),"layout":{"type":"compositional","list":{"appearance":"insetGrouped","headerMode":"supplementary","footerMode":"supplementary","headerTopPadding":-1,"showsSeparators":false}},\#(sections)}"#,
            #"{\#(cv),"layout":{"type":"list","list":{"appearance":"sidebar","headerTopPadding":0},"listEnvironment":{"generation":"ios26","contentSizeCategory":"AX3","wideContentMargins":false,"collapsedTopSpacing":true,"includeBackgroundDecorations":false,"includeSeparators":true}},\#(sections)}"#,
            #"{\#(cv),"layout":{"type":"list","configuration":{"interSectionSpacing":12},"list":{}},\#(sections)}"#,
        ]
        for body in fast { #expect(Self.compare(Array(body.utf8), body) == .fast, "\(body)") }
        let general = [
            #"{\#(cv),"layout":{"type":"list","list":{"rowHeight":44}},\#(sections)}"#,
            #"{\#(cv),"layout":{"type":"list","list":{"separatorConfiguration":{"bottomSeparatorVisibility":"hidden"}}},\#(sections)}"#,
        ]
        for body in general { #expect(Self.compare(Array(body.utf8), body) == .generalOnly, "\(body)") }
        let refused = [
            #"{\#(cv),"layout":{"type":"list","list":{},"sections":[]},\#(sections)}"#,
            #"{\#(cv),"layout":{"type":"list","configuration":{"scrollDirection":"horizontal"}},\#(sections)}"#,
            #"{\#(cv),"layout":{"type":"list","list":{"appearance":"Plain"}},\#(sections)}"#,
            #"{\#(cv),"layout":{"list":{}},\#(sections)}"#,
        ]
        for body in refused { #expect(Self.compare(Array(body.utf8), body) == .refused, "\(body)") }
    }

    @Test func aCompositionalBodyWithAPinnedHeaderAndABackgroundTakesIt() throws {
        let body = Array(#"{"collectionView":{"width":390,"height":844,"scale":3},"layout":{"type":"compositional","sections":[{"group":{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":100}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":0.5},"height":{"fractionalHeight":1}}}}]},"boundarySupplementaryItems":[{"elementKind":"header","alignment":"top","layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":44}},"pinToVisibleBounds":true}],"decorationItems":[{"elementKind":"background","contentInsets":{"top":4,"leading":4,"bottom":4,"trailing":4}}],"contentInsets":{"top":8,"leading":16,"bottom":8,"trailing":16}}]},"sections":[{"numberOfItems":3}]}"#.utf8)
        #expect(Self.compare(body) == .fast)
        let spec = try #require(LayoutFastPath.decode(body, maxElements: 1_000_000))
        #expect(spec.contentID() == "2ac17054c01262662428ac35d14703ca")   // as answered before the fast path
        let c = try #require(spec.definition as? CompositionalConfiguration)
        let header = try #require(c.sections.first?.boundarySupplementaryItems.first)
        #expect(header.elementKind == "header" && header.alignment == .top && header.pinToVisibleBounds && header.zIndex == 1)
        #expect(c.sections[0].decorationItems == [DecorationItem(elementKind: "background", contentInsets: DirectionalInsets(top: 4, leading: 4, bottom: 4, trailing: 4))])
        // The frames the service answered before: background, header, then the cells.
        let layout = try spec.compute()
        #expect(layout.attributes.count == 5)
        #expect(layout.attributes[0].frame == Rect(x: 4, y: 4, width: 382, height: 252))
        #expect(layout.attributes[1].frame == Rect(x: 16, y: 0, width: 358, height: 44))
        #expect(layout.attributes[2].frame == Rect(x: 16, y: 52, width: 179, height: 100))
    }

    @Test func theBenchmarksFlowBodyTakesIt() throws {
        let body = Array(#"{"collectionView":{"width":1200,"height":800},"layout":{"itemSize":{"width":37.5,"height":40},"minimumInteritemSpacing":8,"minimumLineSpacing":8},"sections":[{"numberOfItems":1000}]}"#.utf8)
        #expect(Self.compare(body) == .fast)
        let spec = try #require(LayoutFastPath.decode(body, maxElements: 1_000_000))
        #expect(spec.contentID() == "fe2e17e895b48fb57033c03a6373accd")   // as answered before the fast path
        let c = try #require(spec.definition as? FlowLayoutConfiguration)
        #expect(c.sections.count == 1 && c.sections[0].items == .uniform(count: 1_000, size: Size(width: 37.5, height: 40)))
        #expect(c.sections[0].minimumLineSpacing == 8 && c.sections[0].minimumInteritemSpacing == 8)
    }

    @Test func aFlowBodyWithItemSizesHeadersAndOverridesTakesIt() throws {
        let body = Array(#"{"collectionView":{"width":375,"height":667,"scale":3},"layout":{"headerReferenceSize":{"width":0,"height":30},"sectionInset":{"top":8,"left":16,"bottom":8,"right":16}},"sections":[{"itemSizes":[{"width":100,"height":50},{"width":120.5,"height":50},{"height":60,"width":80}]},{"numberOfItems":4,"itemSize":{"width":170,"height":90},"footerReferenceSize":{"width":0,"height":20}}]}"#.utf8)
        #expect(Self.compare(body) == .fast)
        let spec = try #require(LayoutFastPath.decode(body, maxElements: 1_000_000))
        #expect(spec.contentID() == "a9f61a8d857afa460e10de3604bf3719")   // as answered before the fast path
        #expect(spec.requestedElements == 10)   // 7 cells, 2 headers, 1 footer
        let c = try #require(spec.definition as? FlowLayoutConfiguration)
        #expect(c.sections[0].items == .sizes([Size(width: 100, height: 50), Size(width: 120.5, height: 50), Size(width: 80, height: 60)]))
        #expect(c.sections[1].items == .uniform(count: 4, size: Size(width: 170, height: 90)))
        #expect(c.sections[1].inset == Insets(top: 8, left: 16, bottom: 8, right: 16))
        #expect(c.sections[1].headerReferenceSize == Size(width: 0, height: 30) && c.sections[1].footerReferenceSize == Size(width: 0, height: 20))
    }

    /// The element cap counts headers and footers before a section's items, as the typed pass does.
    @Test func theElementCapIsCountedInTheTypedPasssOrder() {
        func body(_ n: Int) -> [UInt8] {
            Array(#"{"collectionView":{"width":375,"height":667},"layout":{"headerReferenceSize":{"width":0,"height":30}},"sections":[{"numberOfItems":\#(n)}]}"#.utf8)
        }
        #expect(Self.compare(body(Self.maxElements - 1)) == .fast)
        #expect(Self.compare(body(Self.maxElements)) == .refused)
    }

    /// Shapes it leaves to the general path although they are valid: each one field outside it.
    @Test func validBodiesOutsideItsShapeTakeTheGeneralPath() {
        let outside: [(String, String)] = [
            (#""width":390,"#, #""width":390,"wideContentMargins":true,"#),
            (#""width":390,"#, #""device":"iPhone 15","#),
            (#""type":"compositional","#, #""type":"compositional","configuration":{"uikitGeneration":"legacy"},"#),
            (#""orientation":"vertical","count":2,"#, #""orientation":"vertical","count":2,"countKind":"repeating","#),
            (#""sections":[{"numberOfItems":1000}]"#, #""sections":[{"numberOfItems":1000}],"preferredSizes":[]"#),
            (#""contentInsets":{"top":10,"#, #""edgeSpacing":{"top":{"fixed":2}},"contentInsets":{"top":10,"#),
            (#""width":390"#, #""\u0077idth":390"#),
            (#""width":{"fractionalWidth":0.7}"#, #""width":{"fractionalWidth":0.7, "fractionalWidth":0.7}"#),
        ]
        for (from, to) in outside {
            let body = Self.nestedGroups.replacingOccurrences(of: from, with: to)
            #expect(body != Self.nestedGroups, "\(from) is in the body")
            #expect(LayoutFastPath.decode(Array(body.utf8), maxElements: Self.maxElements) == nil, "\(to)")
            Self.compare(Array(body.utf8), to)
        }
    }

    @Test func everyCompositionalFixtureAgrees() throws {
        var outcomes: [Outcome] = []
        for file in ["compositional-examples.json", "compositional-next-examples.json", "list-examples.json"] {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/\(file)")
            let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
            let examples = (root as? [[String: Any]]) ?? ((root as? [String: Any])?["examples"] as? [[String: Any]]) ?? []
            #expect(!examples.isEmpty, "\(file)")
            for example in examples {
                guard let request = example["request"] else { continue }
                for keys: JSONSerialization.WritingOptions in [[], [.sortedKeys], [.prettyPrinted]] {
                    let body = try JSONSerialization.data(withJSONObject: request, options: keys)
                    outcomes.append(Self.compare(Array(body), "\(file) \(example["name"] ?? "")"))
                }
            }
        }
        // Many fixtures use fields outside the shape; most list fixtures and some others are inside it.
        #expect(outcomes.filter { $0 == .fast }.count >= 100)
        #expect(outcomes.filter { $0 == .generalOnly }.count >= 60)
    }

    /// 6,000 generated bodies compared; how many of each outcome.
    static func outcomes(seed: UInt64, _ make: (inout BodyGenerator) -> String) -> [Outcome: Int] {
        var generator = BodyGenerator(seed: seed)
        var counts: [Outcome: Int] = [:]
        for i in 0..<6_000 {
            let body = make(&generator)
            counts[compare(Array(body.utf8), "generated #\(i) of seed \(seed)"), default: 0] += 1
        }
        return counts
    }

    // Each outcome is exercised: bodies it takes, valid ones it leaves, invalid ones.

    @Test func generatedFlowBodiesAgree() {
        let counts = Self.outcomes(seed: 0xF10_0044) { $0.flowDocument() }
        #expect(counts[.fast, default: 0] >= 1_000)
        #expect(counts[.generalOnly, default: 0] >= 300)
        #expect(counts[.refused, default: 0] >= 1_000)
    }

    @Test func generatedCompositionalBodiesAgree() {
        let counts = Self.outcomes(seed: 0x5EED_0044) { $0.document() }
        #expect(counts[.fast, default: 0] >= 1_000)
        #expect(counts[.generalOnly, default: 0] >= 500)
        #expect(counts[.refused, default: 0] >= 1_000)
    }

    @Test func generatedListBodiesAgree() {
        let counts = Self.outcomes(seed: 0x1157_0046) { $0.listDocument() }
        #expect(counts[.fast, default: 0] >= 1_000)
        #expect(counts[.generalOnly, default: 0] >= 300)
        #expect(counts[.refused, default: 0] >= 500)
    }

    @Test func byteMutationsAgree() {
        var generator = BodyGenerator(seed: 0xB17E_0044, oddity: 0)
        var rng = generator.rng
        let alphabet = Array(#"{}[],:"\ 0123456789.-+eEtrufalsnwidhgcomp"#.utf8)
        var fast = 0
        for i in 0..<4_000 {
            var body = Array((i % 4 == 0 ? Self.nestedGroups : i % 4 == 1 ? generator.flowDocument()
                : i % 8 == 2 ? generator.listDocument() : generator.document()).utf8)
            for _ in 0...(rng.next() % 3) where !body.isEmpty {
                let at = Int(rng.next() % UInt64(body.count))
                let digit = { (b: UInt8) in b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
                if let d = body[at...].firstIndex(where: digit), rng.next() % 2 == 0 {
                    body[d] = UInt8(ascii: "0") + UInt8(rng.next() % 10)   // a number changed, the shape kept
                    continue
                }
                switch rng.next() % 3 {
                case 0: body.remove(at: at)
                case 1: body.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: at)
                default: body[at] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                }
            }
            if Self.compare(body, "mutation #\(i)") == .fast { fast += 1 }
        }
        #expect(fast >= 100)
    }
}

/// Compositional bodies from a seeded generator: mostly inside the fast path's shape, with
/// values in and out of range, plus (at rate `oddity`) what it does not take: other fields,
/// nulls, wrong types, escapes, duplicate keys, missing members, deep nesting.
struct BodyGenerator {
    var rng: SeededRandom
    /// Per-cent chance of each oddity in a document that has them (half of them, when > 0).
    let oddity: UInt64
    var rate: UInt64 = 0

    init(seed: UInt64, oddity: UInt64 = 4) {
        rng = SeededRandom(seed: seed)
        self.oddity = oddity
    }

    mutating func chance(_ percent: UInt64) -> Bool { rng.next() % 100 < percent }
    mutating func pick<T>(_ options: [T]) -> T { options[Int(rng.next() % UInt64(options.count))] }
    mutating func odd() -> Bool { chance(rate) }

    mutating func ws() -> String { chance(10) ? pick([" ", "\n", "\t ", "\r\n  "]) : "" }

    /// Members in a shuffled order, sometimes one dropped, duplicated, made null or escaped.
    mutating func object(_ members: [(String, String)]) -> String {
        var list = members.shuffled(using: &rng)
        if odd(), !list.isEmpty { list.remove(at: Int(rng.next() % UInt64(list.count))) }
        if odd(), let first = list.first { list.append(first) }
        if odd(), !list.isEmpty { list[Int(rng.next() % UInt64(list.count))].1 = "null" }
        if odd(), !list.isEmpty {
            let i = Int(rng.next() % UInt64(list.count))
            list[i].0 = pick(["\\u00" + String(list[i].0.utf8.first!, radix: 16) + list[i].0.dropFirst(), "\u{212A}" + list[i].0, list[i].0 + " ", list[i].0.uppercased()])
        }
        if odd() { list.append((pick(["edgeSpacing", "zIndex", "contentInsetsReference", "supplementaryItems", "custom", "list", "extra"]), pick(["{}", "[]", "1", "\"leading\""]))) }
        let body = list.map { "\(ws())\"\($0.0)\"\(ws()):\(ws())\($0.1)" }.joined(separator: ",")
        return "{" + body + ws() + "}"
    }

    mutating func array(_ count: Int, _ element: (inout BodyGenerator) -> String) -> String {
        var items: [String] = []
        for _ in 0..<count { items.append(element(&self)) }
        return "[" + items.joined(separator: "," + ws()) + "]"
    }

    mutating func length() -> String {
        if odd() { return pick(["-1", "1e10", "\"10\"", "true", "-0", "1e400", "9007199254740993"]) }
        return pick(["0", "1", "2.5", "10", "16", "0.25", "100", "1e2", "320.5", "-0.0"])
    }

    mutating func fraction() -> String {
        if odd() { return pick(["0", "-0.5", "1e10", "\"1\"", "null"]) }
        return pick(["1", "0.5", "0.25", "0.3", "0.7", "1.0", "0.333", "0.4", "2"])
    }

    mutating func dimension() -> String {
        let key = pick(["fractionalWidth", "fractionalHeight", "absolute", "estimated", "uniformAcrossSiblings", "fractionalWidth", "fractionalWidth"])
        let value = key.hasPrefix("fractional") ? fraction() : pick(["44", "100", "50.5", "200"])
        if odd() { return object([(key, value), ("absolute", "10")]) }
        return object([(key, value)])
    }

    mutating func layoutSize() -> String { object([("width", dimension()), ("height", dimension())]) }

    mutating func insets() -> String {
        var members: [(String, String)] = []
        for edge in ["top", "leading", "bottom", "trailing"] where chance(60) { members.append((edge, length())) }
        return object(members)
    }

    mutating func edgeInsets() -> String {
        var members: [(String, String)] = []
        for edge in ["top", "left", "bottom", "right"] where chance(60) { members.append((edge, length())) }
        return object(members)
    }

    mutating func item() -> String {
        var members = [("layoutSize", layoutSize())]
        if chance(50) { members.append(("contentInsets", insets())) }
        if chance(3) { members.append(pick([("edgeSpacing", #"{"top":{"flexible":2}}"#), ("supplementaryItems", "[]")])) }
        return object(members)
    }

    mutating func group(depth: Int) -> String {
        let n = chance(20) ? 1 : Int(rng.next() % 3) + 1
        var members = [("orientation", odd() ? pick(["\"diagonal\"", "\"Vertical\"", "1"]) : pick(["\"horizontal\"", "\"vertical\""])),
                       ("layoutSize", layoutSize()),
                       ("subitems", array(odd() ? 0 : n) { g in
                           let nested = depth < 4 && g.chance(25) || depth < 20 && g.rate > 0 && g.chance(2)
                           return g.object([nested ? ("group", g.group(depth: depth + 1)) : ("item", g.item())])
                       })]
        if n == 1 && chance(50) || chance(5) { members.append(("count", odd() ? pick(["0", "1.5", "10001", "-1"]) : pick(["1", "2", "3", "5"]))) }
        if chance(30) { members.append(("interItemSpacing", object([(pick(["fixed", "flexible"]), length())]))) }
        if chance(30) { members.append(("contentInsets", insets())) }
        if chance(4) { members.append(("edgeSpacing", #"{"leading":{"fixed":4}}"#)) }
        return object(members)
    }

    mutating func section() -> String {
        var members = [("group", group(depth: 1))]
        if chance(40) { members.append(("contentInsets", insets())) }
        if chance(40) { members.append(("interGroupSpacing", odd() ? pick(["-2e9", "\"8\""]) : pick(["0", "8", "-4", "10.5"]))) }
        if chance(30) {
            members.append(("orthogonalScrollingBehavior", pick(["\"none\"", "\"continuous\"", "\"groupPaging\"", "\"paging\"", "\"groupPagingCentered\"", "\"continuousGroupLeadingBoundary\""])
                + (odd() ? "x" : "")))
        }
        if chance(10) { members.append(("supplementariesFollowContentInsets", pick(["true", "false"]) + (odd() ? "0" : ""))) }
        if chance(30) { members.append(("boundarySupplementaryItems", array(Int(rng.next() % 3)) { g in g.boundaryItem() })) }
        if chance(15) { members.append(("decorationItems", array(Int(rng.next() % 2) + 1) { g in g.decorationItem() })) }
        if chance(4) { members.append(("contentInsetsReference", "\"layoutMargins\"")) }
        return object(members)
    }

    mutating func elementKind() -> String {
        if odd() { return pick(["\"\"", "\"" + String(repeating: "k", count: 257) + "\"", "\"caf\u{E9}\"", "\"a\\u0062\"", "7"]) }
        return pick(["\"header\"", "\"footer\"", "\"section-header-element-kind\"", "\"background\"", "\"" + String(repeating: "k", count: 256) + "\""])
    }

    mutating func zIndex() -> String {
        odd() ? pick(["2147483648", "1.5", "-2147483649"]) : pick(["0", "1", "-1", "2147483647", "10"])
    }

    mutating func boundaryItem() -> String {
        var members = [("elementKind", elementKind()),
                       ("alignment", odd() ? "\"middle\"" : pick(["\"top\"", "\"bottom\"", "\"topLeading\"", "\"trailing\""])),
                       ("layoutSize", layoutSize())]
        if chance(20) { members.append(("absoluteOffset", object([("x", pick(["0", "-8", "4.5"])), ("y", pick(["0", "-20", "2e9"]))].filter { _ in chance(70) }))) }
        if chance(20) { members.append(("extendsBoundary", pick(["true", "false"]))) }
        if chance(30) { members.append(("pinToVisibleBounds", pick(["true", "false"]))) }
        if chance(20) { members.append(("zIndex", zIndex())) }
        if chance(20) { members.append(("contentInsets", insets())) }
        if chance(3) { members.append(("anchor", "{}")) }
        return object(members)
    }

    mutating func decorationItem() -> String {
        var members = [("elementKind", elementKind())]
        if chance(40) { members.append(("contentInsets", insets())) }
        if chance(30) { members.append(("zIndex", zIndex())) }
        return object(members)
    }

    mutating func size() -> String {
        if odd() { return pick([#"{"width":1}"#, #"{"width":-1,"height":2}"#, #"{"width":1,"height":2,"depth":3}"#, "[1,2]"]) }
        return object([("width", length()), ("height", length())])
    }

    /// A flow layout body: the layout's values, sections of `numberOfItems` or `itemSizes`, overrides.
    mutating func flowDocument() -> String {
        rate = chance(50) ? oddity : 0
        var cv = [("width", pick(["390", "375", "1024.5"])), ("height", pick(["800", "667"]))]
        if chance(50) { cv.append(("scale", pick(["1", "2", "3"]))) }
        if chance(20) { cv.append(("safeAreaInsets", edgeInsets())) }
        if chance(10) { cv.append(("layoutDirection", pick(["\"leftToRight\"", "\"rightToLeft\""]))) }
        var layout: [(String, String)] = []
        if chance(20) { layout.append(("type", odd() ? pick(["\"grid\"", "\"Flow\""]) : "\"flow\"")) }
        if chance(40) { layout.append(("scrollDirection", pick(["\"vertical\"", "\"horizontal\""]) + (odd() ? "x" : ""))) }
        if chance(60) { layout.append(("itemSize", size())) }
        if chance(40) { layout.append(("minimumLineSpacing", length())) }
        if chance(40) { layout.append(("minimumInteritemSpacing", length())) }
        if chance(30) { layout.append(("sectionInset", edgeInsets())) }
        if chance(30) { layout.append(("headerReferenceSize", size())) }
        if chance(20) { layout.append(("footerReferenceSize", size())) }
        if chance(15) { layout.append(("sectionHeadersPinToVisibleBounds", pick(["true", "false"]) + (odd() ? "e" : ""))) }
        if chance(10) { layout.append(("sectionFootersPinToVisibleBounds", pick(["true", "false", "1"]))) }
        if chance(10) { cv.append(("wideContentMargins", "true")) }
        if chance(10) { layout.append(pick([("rowAlignment", #"{"lastRow":"center"}"#), ("estimatedItemSize", "\"automatic\""), ("sectionInsetReference", "\"fromSafeArea\""), ("roundsToScreenScale", "false")])) }
        if odd() { layout.append(("sections", "[]")) }
        let sections = array(Int(rng.next() % 4)) { g in
            var members: [(String, String)] = []
            switch g.rng.next() % 10 {
            case 0..<6: members.append(("numberOfItems", g.odd() ? g.pick(["-1", "2.5", "6000", "1e19"]) : g.pick(["0", "1", "7", "100", "1000", "4990"])))
            case 6..<9: members.append(("itemSizes", g.array(Int(g.rng.next() % 6)) { g in g.size() }))
            default: if g.odd() { members.append(("numberOfItems", "3")); members.append(("itemSizes", "[]")) }
            }
            if g.chance(25) { members.append(("itemSize", g.size())) }
            if g.chance(15) { members.append(("sectionInset", g.edgeInsets())) }
            if g.chance(15) { members.append(("minimumLineSpacing", g.length())) }
            if g.chance(15) { members.append(("minimumInteritemSpacing", g.length())) }
            if g.chance(20) { members.append(("headerReferenceSize", g.size())) }
            if g.chance(20) { members.append(("footerReferenceSize", g.size())) }
            return g.object(members)
        }
        var top = [("collectionView", object(cv)), ("sections", sections)]
        if !layout.isEmpty || chance(50) { top.append(("layout", object(layout))) }
        return ws() + object(top) + ws()
    }

    /// A list body: `"type": "list"` or `"compositional"`, `list` (sometimes with members the fast
    /// path leaves to the general one), `listEnvironment`, sometimes `sections` beside `list`.
    mutating func listDocument() -> String {
        rate = chance(50) ? oddity : 0
        var cv = [("width", pick(["390", "320", "1024.5", "0"])), ("height", pick(["800", "844"]))]
        if chance(60) { cv.append(("scale", odd() ? pick(["0", "-1"]) : pick(["1", "2", "3"]))) }
        if chance(20) { cv.append(("safeAreaInsets", edgeInsets())) }
        if chance(10) { cv.append(("layoutDirection", pick(["\"leftToRight\"", "\"rightToLeft\""]))) }
        if chance(4) { cv.append(("wideContentMargins", pick(["true", "false"]))) }
        var layout = [("type", odd() ? pick(["\"List\"", "\"flow\"", "\"list \""]) : pick(["\"list\"", "\"list\"", "\"compositional\""]))]
        if chance(80) {
            var list: [(String, String)] = []
            if chance(60) { list.append(("appearance", odd() ? "\"inset\"" : pick(["\"plain\"", "\"grouped\"", "\"insetGrouped\"", "\"sidebar\"", "\"sidebarPlain\""]))) }
            if chance(40) { list.append(("headerMode", pick(["\"none\"", "\"supplementary\"", "\"firstItemInSection\""]) + (odd() ? "x" : ""))) }
            if chance(30) { list.append(("footerMode", pick(["\"none\"", "\"supplementary\""]))) }
            if chance(20) { list.append(("headerTopPadding", odd() ? pick(["1e400", "\"8\""]) : pick(["-1", "0", "8", "22.5"]))) }
            if chance(20) { list.append(("showsSeparators", odd() ? "1" : pick(["true", "false"]))) }
            if chance(8) { list.append(("rowHeight", pick(["44", "0.1", "-1"]))) }
            if chance(5) { list.append(("separatorConfiguration", #"{"bottomSeparatorVisibility":"hidden"}"#)) }
            layout.append(("list", object(list)))
        }
        if chance(50) {
            var env: [(String, String)] = []
            if chance(30) { env.append(("generation", odd() ? "\"ios17\"" : pick(["\"ios15to18\"", "\"ios26\""]))) }
            if chance(30) { env.append(("contentSizeCategory", pick(["\"XS\"", "\"L\"", "\"XXXL\"", "\"AX5\""]) + (odd() ? "?" : ""))) }
            if chance(20) { env.append(("wideContentMargins", pick(["true", "false"]))) }
            if chance(20) { env.append(("collapsedTopSpacing", pick(["true", "false"]))) }
            if chance(30) { env.append(("includeBackgroundDecorations", pick(["true", "false"]))) }
            if chance(60) { env.append(("includeSeparators", odd() ? "null" : pick(["true", "false"]))) }
            layout.append(("listEnvironment", object(env)))
        }
        if chance(20) { layout.append(("configuration", object([("interSectionSpacing", pick(["0", "12"]))] + (chance(30) ? [("scrollDirection", pick(["\"vertical\"", "\"horizontal\""]))] : [])))) }
        if odd() { layout.append(("sections", array(1) { g in g.section() })) }
        let sections = array(Int(rng.next() % 4)) { g in
            g.object([("numberOfItems", g.odd() ? g.pick(["-1", "2.5", "6000", "\"3\""]) : g.pick(["0", "1", "7", "100", "1000"]))])
        }
        return ws() + object([("collectionView", object(cv)), ("layout", object(layout)), ("sections", sections)]) + ws()
    }

    mutating func document() -> String {
        rate = chance(50) ? oddity : 0
        var cv = [("width", pick(["390", "320", "1024.5", "0"])), ("height", pick(["800", "844", "0", "1e3"]))]
        if chance(60) { cv.append(("scale", odd() ? pick(["0", "101", "-1"]) : pick(["1", "2", "3"]))) }
        if chance(30) { cv.append(("safeAreaInsets", edgeInsets())) }
        if chance(10) { cv.append(("contentInset", edgeInsets())) }
        if chance(10) { cv.append(("layoutMargins", edgeInsets())) }
        if chance(10) { cv.append(("readableContentInsets", edgeInsets())) }
        if chance(10) { cv.append(("layoutDirection", odd() ? "\"rtl\"" : pick(["\"leftToRight\"", "\"rightToLeft\""]))) }
        if odd() { cv.append(("device", "\"iPhone 15\"")) }
        if chance(4) { cv.append(("wideContentMargins", pick(["true", "false"]))) }
        var layout = [("type", odd() ? pick(["\"flow\"", "\"list\"", "\"Compositional\"", "\"compositional \""]) : "\"compositional\""),
                      ("sections", array(odd() ? 0 : Int(rng.next() % 3) + 1) { g in g.section() })]
        if chance(40) {
            var conf: [(String, String)] = []
            if chance(70) { conf.append(("scrollDirection", pick(["\"vertical\"", "\"horizontal\""]))) }
            if chance(70) { conf.append(("interSectionSpacing", pick(["0", "20", "-8", "12.25"]))) }
            if chance(10) { conf.append(("uikitGeneration", pick(["\"legacy\"", "\"modern\""]))) }
            if chance(15) { conf.append(("boundarySupplementaryItems", array(Int(rng.next() % 2) + 1) { g in g.boundaryItem() })) }
            layout.append(("configuration", object(conf)))
        }
        let sections = array(Int(rng.next() % 4)) { g in
            g.object([("numberOfItems", g.odd() ? g.pick(["-1", "2.5", "6000", "1e19", "\"3\""]) : g.pick(["0", "1", "7", "100", "1000", "4000"]))])
        }
        return ws() + object([("collectionView", object(cv)), ("layout", object(layout)), ("sections", sections)]) + ws()
    }
}
