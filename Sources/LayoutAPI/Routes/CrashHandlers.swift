import HTTP
import UpdateEngine
import LayoutEngine

/// `POST /crash/explain`: the UIKit reasons in a pasted crash report or log, explained and rebuilt
/// as layoutd requests (`CrashExplainer`). Crash reports carry user data: the text is read for
/// this answer only, never stored, logged or cached (the route is `no-store`, has no memo, and
/// the 422 does not echo it).
extension LayoutApplication {
    func postCrashExplain(_ r: CrashExplainRequest) throws(APIError) -> Answer {
        let explanation = CrashExplainer.explain(text: r.text, ios: r.ios, flavor: r.flavor, configuration: configuration)
        if explanation.isEmpty {
            throw .noUIKitException(detail: "No UIKit exception reason found in the \(r.text.utf8.count) bytes sent. layoutd looks for \(CrashCatalogue.lookedFor), whatever wraps them (uncaught-exception banners, Fatal Exception lines, Thread 1 banners, assertion failures, log prefixes, .ips JSON, Crashlytics and Sentry exports). Paste the text that contains the exception's reason.")
        }
        var answer = Answer(contentType: "application/json", body: .bytes([]))
        answer.reservations = try admitAnswer(bytes: AnswerBounds.crash(explanation), what: "This explanation (each finding repeats its reason in its facts, explanation and reproduction)",
                                              fix: "Send the part of the log around the exception.").map { [$0] } ?? []
        answer.body = .bytes(CrashEncoder.explanation(explanation))
        return answer
    }

    /// `text/plain` bodies are read by this route (every other POST takes JSON only).
    static func isPlainText(_ contentType: String) -> Bool {
        let media = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces.lowercased() } ?? ""
        return media == "text/plain"
    }
}
