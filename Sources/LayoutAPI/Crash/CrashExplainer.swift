import UpdateEngine
import LayoutEngine

/// One reason found in a crash report, explained (spec C2).
struct ExplainedFinding: Sendable {
    let finding: CrashFinding
    /// `tableView`, `collectionView`, `diffableDataSource`, `flowLayout`, `layout`, `dataSource`.
    let kind: String
    let flavor: BatchFlavor
    let advice: CrashAdvice
    let reproduction: CrashReproductionResult
}

/// What `POST /crash/explain` (and `layoutd explain`) answers for a text.
public struct CrashExplanation: Sendable {
    var findings: [ExplainedFinding]
    /// Distinct reasons past the cap, counted but not explained.
    var omitted: Int
    /// The iOS version: as asked, else as the text states it.
    var ios: String?
    var uikitBuild: String?

    /// Whether any UIKit reason was found.
    public var isEmpty: Bool { findings.isEmpty }
}

/// Finds the reasons (`CrashScanner`), explains them (`CrashAdvisor`) and rebuilds each as a
/// layoutd request (`CrashReproducer`). Nothing is kept: the text lives for the call only.
public enum CrashExplainer {
    /// At most this many distinct reasons are explained per text.
    public static let maxFindings = 50

    public static func explain(text: String, ios: IOSVersion? = nil, flavor: BatchFlavor? = nil,
                               configuration: ServiceConfiguration = ServiceConfiguration()) -> CrashExplanation {
        let scan = CrashScanner.scan(text, maxFindings: maxFindings)
        let stated = ios ?? scan.iosVersion.flatMap(IOSVersion.init)
        let textFlavor: BatchFlavor? = scan.tableViewMentions > scan.collectionViewMentions ? .tableView
            : scan.collectionViewMentions > 0 ? .collectionView : nil
        let findings = scan.findings.map { f -> ExplainedFinding in
            let resolved: BatchFlavor = f.facts.string("flavor").flatMap(BatchFlavor.init(rawValue:))
                ?? flavor ?? f.assertionFlavor.flatMap(BatchFlavor.init(rawValue:)) ?? textFlavor ?? .collectionView
            let kind = f.entry.kind == .batch ? resolved.rawValue : f.entry.kind.rawValue
            return ExplainedFinding(finding: f, kind: kind, flavor: resolved,
                                    advice: CrashAdvisor.advice(f, flavor: resolved),
                                    reproduction: CrashReproducer.reproduce(f, flavor: resolved, ios: stated, configuration: configuration))
        }
        return CrashExplanation(findings: findings, omitted: scan.omitted,
                                ios: ios?.description ?? scan.iosVersion, uikitBuild: scan.uikitBuild)
    }
}
