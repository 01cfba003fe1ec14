import HTTP

/// What a fresh `RequestParser` reports for a byte stream delivered in the given reads: every
/// event except `.needMore`, up to and including a failure (after which a server closes).
struct Transcript {
    private(set) var events: [ParseEvent] = []
    /// Complete requests with whether they came chunked (for the round trip).
    private(set) var requests: [(Request, chunked: Bool)] = []

    init(feeding reads: [ArraySlice<UInt8>]) {
        var parser = RequestParser(
            maxHeadBytes: HTTPParserProperties.maxHeadBytes, maxBodyBytes: HTTPParserProperties.maxBodyBytes)
        let total = reads.reduce(0) { $0 + $1.count }
        var pendingHead: RequestHead?
        reading: for read in reads {
            parser.append(Array(read))
            while true {
                let event = parser.next()
                if case .needMore = event { break }
                events.append(event)
                // Progress: a request takes at least one byte, a head at most precedes it.
                if events.count > 2 * total + 2 {
                    HTTPParserProperties.fail("\(events.count) events from \(total) bytes: no progress", Self.all(reads))
                }
                switch event {
                case .needMore:
                    break
                case .head(let head):
                    guard pendingHead == nil else {
                        HTTPParserProperties.fail("two heads without a request between them", Self.all(reads))
                    }
                    pendingHead = head
                case .request(let request):
                    if let head = pendingHead, head != request.head {
                        HTTPParserProperties.fail("request \(request.head) after head \(head)", Self.all(reads))
                    }
                    pendingHead = nil
                    check(request, parser.framing, reads)
                    requests.append((request, parser.framing.chunked))
                case .failure(let status, let message):
                    guard (400...599).contains(status), !message.isEmpty else {
                        HTTPParserProperties.fail("failure status \(status) '\(message)'", Self.all(reads))
                    }
                    guard case .failure(status, message) = parser.next() else {
                        HTTPParserProperties.fail("a failed parser recovered", Self.all(reads))
                    }
                    break reading
                }
            }
        }
    }

    private func check(_ request: Request, _ framing: Framing, _ reads: [ArraySlice<UInt8>]) {
        if request.body.count > HTTPParserProperties.maxBodyBytes {
            HTTPParserProperties.fail("a \(request.body.count)-byte body passed the body limit", Self.all(reads))
        }
        if !framing.chunked && request.body.count != framing.contentLength {
            HTTPParserProperties.fail(
                "Content-Length \(framing.contentLength) but a \(request.body.count)-byte body", Self.all(reads))
        }
        if request.head.version == .http1_1 && request.headers.values("Host").count != 1 {
            HTTPParserProperties.fail("an HTTP/1.1 request without exactly one Host", Self.all(reads))
        }
    }

    var summary: String {
        events.map { event in
            switch event {
            case .needMore: "needMore"
            case .head(let head): "head(\(head.method) \(Self.show(Array(head.target.utf8))))"
            case .request(let request):
                "request(\(request.method) \(Self.show(Array(request.head.target.utf8))), \(request.headers.fields.count) fields, \(request.body.count)-byte body)"
            case .failure(let status, let message): "failure(\(status), \(message))"
            }
        }.joined(separator: "; ")
    }

    static func all(_ reads: [ArraySlice<UInt8>]) -> [UInt8] { reads.flatMap { $0 } }

    /// Bytes as a Swift string literal would spell them, for crash reports.
    static func show(_ bytes: [UInt8]) -> String {
        var text = "\""
        for byte in bytes.prefix(2000) {
            switch byte {
            case 0x0D: text += "\\r"
            case 0x0A: text += "\\n"
            case 0x09: text += "\\t"
            case 0x22: text += "\\\""
            case 0x5C: text += "\\\\"
            case 0x20..<0x7F: text.unicodeScalars.append(Unicode.Scalar(byte))
            default: text += "\\u{\(String(byte, radix: 16))}"
            }
        }
        return text + (bytes.count > 2000 ? "\"..." : "\"")
    }
}
