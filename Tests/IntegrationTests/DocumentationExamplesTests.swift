import Foundation
import TestSupport
import Testing

/// Every curl example in README.md and docs/ answers what the page prints, against the built
/// layoutd (issue 29: a new user copies them first). Each page runs in a bash of its own against a
/// fresh server, so a page never leans on layouts another page made.
///
/// What counts as an example and its answer (`DocExamples`): a ```` ```sh ```` block that talks
/// to `localhost:8080`. Its commands run in order (shell variables carry over within the page);
/// `# ` lines right under a command (no blank line between) are that command's output, and a
/// ```` ```json ```` block right after the ```` ```sh ```` block is the output of its last command.
/// Lines are compared with their indentation and line breaks removed; `…` stands for any text.
@Suite(.serialized) struct DocumentationExamplesTests {
    @Test(arguments: DocumentationPages.all)
    func everyCurlExampleAnswersWhatThePagePrints(page: String) throws {
        let text = try String(contentsOf: DocumentationPages.root.appendingPathComponent(page), encoding: .utf8)
        let examples = DocExamples.parse(text)
        guard !examples.commands.isEmpty else { return }
        let server = try ServerProcess(examples.serverArguments)
        defer { _ = try? server.stop() }
        let outputs = try DocExamples.run(examples.commands.map(\.text), port: server.port)
        try #require(outputs.count == examples.commands.count,
                     "\(page): \(outputs.count) outputs for \(examples.commands.count) commands (a command did not finish)")
        var checked = 0
        for (command, output) in zip(examples.commands, outputs) {
            guard let expected = command.expected else { continue }
            checked += 1
            #expect(DocExamples.matches(expected: expected, actual: output),
                    "\(page) line \(command.line):\n\(command.text)\nprints\n\(expected)\nbut answered\n\(output)")
        }
        #expect(checked > 0, "\(page) has curl examples but prints no answer for any")
    }

    @Test func parsingFindsCommandsOutputsAndProse() {
        let page = """
            ```sh
            curl -s localhost:8080/healthz
            # {"status":"ok"}

            # a comment, not an output
            ID=$(curl -s localhost:8080/layout -d '{
              "a": 1}' | sed 's/x/y/')
            curl -s "localhost:8080/layout/$ID"
            ```

            ```json
            {"id":"…",
             "b":2}
            ```
            """
        let examples = DocExamples.parse(page)
        #expect(examples.commands.map(\.expected) == [#"{"status":"ok"}"#, nil, "{\"id\":\"…\",\n \"b\":2}"])
        #expect(examples.commands[1].text == "ID=$(curl -s localhost:8080/layout -d '{\n  \"a\": 1}' | sed 's/x/y/')")
        #expect(DocExamples.matches(expected: "{\"id\":\"…\",\n \"b\":2}", actual: #"{"id":"abc","b":2}"#))
        #expect(!DocExamples.matches(expected: #"{"b":2}"#, actual: #"{"b":3}"#))
    }
}

/// The examples of one page (see `DocumentationExamplesTests`).
struct DocExamples {
    struct Command {
        var text: String
        var line: Int
        var expected: String?
    }

    var commands: [Command] = []
    /// Extra layoutd flags for the page's server: `<!-- examples-server: --flag value -->`.
    var serverArguments: [String] = []

    static let marker = "@@layoutd-doc-example@@"

    static func parse(_ text: String) -> DocExamples {
        var result = DocExamples()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("<!-- examples-server:"), let end = line.range(of: "-->") {
                let arguments = line[line.index(line.startIndex, offsetBy: "<!-- examples-server:".count)..<end.lowerBound]
                result.serverArguments = arguments.split(separator: " ").map(String.init)
            }
            guard line.hasPrefix("```sh") || line.hasPrefix("```bash") else { index += 1; continue }
            var block: [(Int, String)] = []
            index += 1
            while index < lines.count, !lines[index].hasPrefix("```") {
                block.append((index + 1, lines[index]))
                index += 1
            }
            index += 1
            guard block.contains(where: { $0.1.contains("localhost:8080") }) else { continue }
            var commands = split(block)
            var next = index
            while next < lines.count, lines[next].trimmingCharacters(in: .whitespaces).isEmpty { next += 1 }
            if next < lines.count, lines[next].hasPrefix("```json"), !commands.isEmpty {
                var json: [String] = []
                next += 1
                while next < lines.count, !lines[next].hasPrefix("```") { json.append(lines[next]); next += 1 }
                commands[commands.count - 1].expected = json.joined(separator: "\n")
                index = next + 1
            }
            result.commands += commands
        }
        return result
    }

    /// Commands (a command goes on while a quote is open or its line ends in `\`, `|` or `&&`) and the
    /// comment lines right under each.
    private static func split(_ block: [(Int, String)]) -> [Command] {
        var commands: [Command] = []
        var current: [String] = []
        var start = 0
        var attached = false
        for (number, line) in block {
            if current.isEmpty {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty { attached = false; continue }
                if trimmed.hasPrefix("#") {
                    if attached, !commands.isEmpty {
                        let output = String(trimmed.dropFirst().drop { $0 == " " })
                        let previous = commands[commands.count - 1].expected
                        commands[commands.count - 1].expected = previous.map { $0 + "\n" + output } ?? output
                    }
                    continue
                }
                start = number
            }
            current.append(line)
            let text = current.joined(separator: "\n")
            if !isOpen(text) {
                commands.append(Command(text: text, line: start))
                current = []
                attached = true
            }
        }
        return commands
    }

    /// Whether the shell would read another line: an open quote, or a trailing backslash, pipe or `&&`.
    private static func isOpen(_ text: String) -> Bool {
        var single = false
        var double = false
        var escaped = false
        for character in text {
            if escaped { escaped = false; continue }
            switch character {
            case "\\" where !single: escaped = true
            case "'" where !double: single.toggle()
            case "\"" where !single: double.toggle()
            default: break
            }
        }
        let end = text.trimmingCharacters(in: .whitespaces)
        return single || double || end.hasSuffix("\\") || end.hasSuffix("|") || end.hasSuffix("&&")
    }

    /// Runs the commands in one bash against 127.0.0.1:`port`, in a scratch folder: each command's
    /// standard output.
    static func run(_ commands: [String], port: Int) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layoutd-doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var script = "cd \(folder.path)\n"
        for command in commands {
            script += command.replacingOccurrences(of: "localhost:8080", with: "127.0.0.1:\(port)")
            script += "\nprintf '\\n\(marker)\\n'\n"
        }
        let scriptURL = folder.appendingPathComponent("examples.sh")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        let outputURL = folder.appendingPathComponent("stdout")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [scriptURL.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let output = try String(contentsOf: outputURL, encoding: .utf8)
        var parts = output.components(separatedBy: "\n\(marker)\n")
        parts.removeLast()  // after the last marker
        return parts
    }

    /// Equal once each line is trimmed and the lines are joined; `…` in `expected` matches anything.
    static func matches(expected: String, actual: String) -> Bool {
        let want = normalized(expected)
        let have = normalized(actual)
        let pieces = want.components(separatedBy: "…")
        guard pieces.count > 1 else { return want == have }
        var rest = Substring(have)
        guard rest.hasPrefix(pieces[0]) else { return false }
        rest = rest.dropFirst(pieces[0].count)
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.hasSuffix(pieces[pieces.count - 1])
    }

    private static func normalized(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .joined()
    }
}
