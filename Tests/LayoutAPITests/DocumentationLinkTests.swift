import Foundation
import TestSupport
import Testing

/// The documentation a clone carries: every relative link in README.md and docs/ resolves to a
/// file of the repository (and every `#anchor` to a heading of it), and nothing in the
/// repository points outside it (issue 29: the README used to send readers to the folder beside the repository, which
/// is not in a clone).
@Suite struct DocumentationLinkTests {
    static let root = DocumentationPages.root
    static let pages = DocumentationPages.all

    @Test func theFrontPageAndTheGuidesAreThere() {
        #expect(Self.pages.contains("README.md"))
        #expect(Self.pages.contains("docs/ARCHITECTURE.md"))
        #expect(Self.pages.count >= 10, "docs/ has the guides")
    }

    @Test(arguments: pages)
    func everyRelativeLinkResolvesInsideTheClone(page: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
        let folder = (page as NSString).deletingLastPathComponent
        for link in MarkdownLinks.targets(in: text) {
            if link.hasPrefix("http://") || link.hasPrefix("https://") || link.hasPrefix("mailto:") { continue }
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0])
            let anchor = parts.count > 1 ? String(parts[1]) : nil
            var target = page
            if !path.isEmpty {
                #expect(!path.hasPrefix("/"), "\(page): \(link) is absolute; links are relative to the page")
                let joined = ((folder.isEmpty ? path : folder + "/" + path) as NSString).standardizingPath
                #expect(!joined.hasPrefix(".."), "\(page): \(link) leads out of the repository")
                let url = Self.root.appendingPathComponent(joined)
                #expect(FileManager.default.fileExists(atPath: url.path), "\(page): \(link) does not exist in a clone")
                target = joined
            }
            if let anchor, target.hasSuffix(".md") {
                let targetText = (try? String(contentsOf: Self.root.appendingPathComponent(target), encoding: .utf8)) ?? ""
                #expect(MarkdownLinks.anchors(in: targetText).contains(anchor), "\(page): \(link): no heading #\(anchor) in \(target)")
            }
        }
    }

    /// What a clone has no way to follow: the folder beside the repository that the specs and
    /// peer servers came from (spelled in pieces so this file does not name it).
    static let outside = ["../" + "shared", "/work/" + "shared", "shared" + "/spec", "shared" + "/peers"]

    /// What a clone has no way to follow: the session's shared folder beside the repository.
    @Test func nothingInTheRepositoryRefersOutsideIt() throws {
        var offenders: [String] = []
        let manager = FileManager.default
        let skip: Set<String> = [".git", ".build", ".swiftpm", "Generated"]
        guard let walker = manager.enumerator(at: Self.root, includingPropertiesForKeys: [.isDirectoryKey]) else { return }
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if skip.contains(name) || name.hasPrefix(".build") { walker.skipDescendants(); continue }
            guard ["md", "swift", "yaml", "yml", "py", "sh", "lua", "html", "json", ""].contains(url.pathExtension)
                    || name == "Dockerfile",
                  let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for needle in Self.outside where text.contains(needle) {
                offenders.append("\(url.path.dropFirst(Self.root.path.count + 1)) mentions \(needle)")
            }
        }
        #expect(offenders == [])
    }

    @Test(arguments: [
        ("## Start here", "start-here"),
        ("### Lists (`UICollectionLayoutListConfiguration`)", "lists-uicollectionlayoutlistconfiguration"),
        ("## Large layouts: memory per element and 10,000,000 items", "large-layouts-memory-per-element-and-10000000-items"),
        ("### `waterfall`: CHT's masonry", "waterfall-chts-masonry"),
        ("## Flags & environment", "flags--environment"),
    ])
    func anchorsAreGitHubSlugs(heading: String, slug: String) {
        #expect(MarkdownLinks.anchors(in: heading + "\n") == [slug])
    }

    @Test func linksInCodeAreNotLinks() {
        let text = "[a](x.md) `[b](y.md)`\n```\n[c](z.md)\n```\n![d](e.svg \"title\")\n"
        #expect(MarkdownLinks.targets(in: text) == ["x.md", "e.svg"])
    }
}

/// Just enough Markdown for the link check: links and images outside code, and GitHub's heading
/// anchors (lower-cased; letters, digits, spaces, `-` and `_` kept; spaces become `-`; a repeated
/// heading gets `-1`, `-2`, …).
enum MarkdownLinks {
    static func targets(in text: String) -> [String] {
        var targets: [String] = []
        let pattern = try? NSRegularExpression(pattern: #"\]\(([^()\s]+)(?:\s+"[^"]*")?\)"#)
        for line in prose(text) {
            let range = NSRange(line.startIndex..., in: line)
            for match in pattern?.matches(in: line, range: range) ?? [] {
                if let r = Range(match.range(at: 1), in: line) { targets.append(String(line[r])) }
            }
        }
        return targets
    }

    static func anchors(in text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for line in prose(text) where line.hasPrefix("#") {
            let title = line.drop { $0 == "#" }
            guard title.first == " " else { continue }
            var slug = ""
            for character in title.trimmingCharacters(in: .whitespaces).lowercased() {
                if character.isLetter || character.isNumber || character == "-" || character == "_" { slug.append(character) }
                else if character == " " { slug.append("-") }
            }
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// The lines outside fenced code blocks, with inline code removed (headings keep their text).
    private static func prose(_ text: String) -> [String] {
        var lines: [String] = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle(); continue }
            if fenced { continue }
            if line.hasPrefix("#") { lines.append(line.replacingOccurrences(of: "`", with: "")); continue }
            var kept = ""
            var inCode = false
            for character in line {
                if character == "`" { inCode.toggle(); continue }
                if !inCode { kept.append(character) }
            }
            lines.append(kept)
        }
        return lines
    }
}
