import Foundation

/// The pages a clone carries: README.md and every Markdown file under docs/, as paths relative
/// to the repository's root. Read by the link check (LayoutAPITests) and the examples check
/// (IntegrationTests).
public enum DocumentationPages {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().standardizedFileURL

    public static let all: [String] = {
        var pages = ["README.md"]
        let docs = root.appendingPathComponent("docs")
        if let walker = FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where url.pathExtension == "md" {
                pages.append(String(url.standardizedFileURL.path.dropFirst(root.path.count + 1)))
            }
        }
        return pages.sorted()
    }()
}
