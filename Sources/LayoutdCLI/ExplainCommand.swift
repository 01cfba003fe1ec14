import JSON
import LayoutAPI
import UpdateEngine

/// `layoutd explain [--ios 17.2] [--flavor tableView] [--json] [--server URL] < crash.txt`: the
/// crash explainer for a shell (issue 27, spec C5). Reads the report or log from standard input,
/// prints the explanation as text (or the `/crash/explain` JSON); nothing is sent anywhere.
public enum ExplainCommand {
    public static let usage = """
        Usage: layoutd explain [--ios VERSION] [--flavor tableView|collectionView] [--json] [--server URL] < crash.txt

        Explains the UIKit exception reasons in a crash report or console log read from standard
        input (a .crash or .ips file, a Crashlytics or Sentry export, Xcode's console): what UIKit
        checked, the likely causes with their fixes, the iOS releases that print the message, and a
        curl command that makes layoutd answer the same message. Nothing is sent or stored.

          --ios VERSION   the iOS release the report comes from, when it does not say (e.g. 17.2)
          --flavor F      tableView or collectionView, for reasons that do not say which
          --json          print the JSON POST /crash/explain answers instead of text
          --server URL    the layoutd the printed curl commands name (default http://localhost:8080)

        Exit status: 0 when a reason was found, 1 when none was, 2 for bad arguments or input.

        """

    /// What to print and the exit status, for `arguments` (after `explain`) and the input bytes.
    public static func run(arguments: [String], input: [UInt8]) -> (output: String, error: String, status: Int32) {
        var ios: IOSVersion?, flavor: BatchFlavor?, json = false, server = "http://localhost:8080"
        var k = 0
        while k < arguments.count {
            let a = arguments[k]
            k += 1
            func value() -> String? { defer { k += 1 }; return k < arguments.count ? arguments[k] : nil }
            switch a {
            case "--help", "-h": return (usage, "", 0)
            case "--json": json = true
            case "--ios":
                guard let v = value(), let parsed = IOSVersion(v) else { return ("", "layoutd explain: --ios takes a release number such as 17.2\n\n" + usage, 2) }
                ios = parsed
            case "--flavor":
                guard let v = value(), let parsed = BatchFlavor(rawValue: v) else { return ("", "layoutd explain: --flavor takes tableView or collectionView\n\n" + usage, 2) }
                flavor = parsed
            case "--server":
                guard let v = value() else { return ("", "layoutd explain: --server takes a URL\n\n" + usage, 2) }
                server = v
            default:
                return ("", "layoutd explain: unknown argument \(a)\n\n" + usage, 2)
            }
        }
        guard input.count <= CrashLimits.maxTextBytes else {
            return ("", "layoutd explain: the input has more than \(CrashLimits.maxTextBytes) bytes; give the part of the log around the exception\n", 2)
        }
        guard let text = String(validating: input, as: UTF8.self), !input.contains(0) else {
            return ("", "layoutd explain: the input is not UTF-8 text; give the crash report or log as text\n", 2)
        }
        let explanation = CrashExplainer.explain(text: text, ios: ios, flavor: flavor)
        if explanation.isEmpty {
            return ("", "layoutd explain: no UIKit exception reason found in the \(input.count) bytes read. layoutd looks for \(CrashCatalogue.lookedFor).\n", 1)
        }
        return (json ? String(decoding: explanation.json, as: UTF8.self) + "\n" : explanation.text(server: server), "", 0)
    }
}
