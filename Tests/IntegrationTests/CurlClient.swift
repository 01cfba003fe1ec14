import CCurl

/// A finished exchange as libcurl saw it.
struct CurlResponse {
    var status: Int
    /// Header fields of the final response (interim `100 Continue` heads are dropped), in order.
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    /// CURLINFO_TOTAL_TIME, seconds from start to the last byte.
    var totalTime: Double
    /// CURLINFO_NUM_CONNECTS: new connections this transfer opened (0 when it reused one).
    var newConnections: Int

    /// First value of `name`, compared case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

enum CurlError: Error, CustomStringConvertible {
    case noHandle
    case transfer(code: Int, message: String)

    var description: String {
        switch self {
        case .noHandle: "curl_easy_init failed"
        case .transfer(let code, let message): "curl error \(code): \(message)"
        }
    }
}

/// A small synchronous HTTP client on one libcurl easy handle. The handle (and so its connection
/// cache) lives as long as the client: consecutive requests reuse a kept-alive connection.
final class CurlClient {
    struct Options {
        /// Sends `Expect: 100-continue` whatever the body size (curl 7.88 adds it only above 1 MiB).
        var expectContinue = false
        /// Speaks HTTP/1.0 instead of 1.1.
        var http10 = false
        /// Whole-transfer timeout in seconds.
        var timeout = 10.0
        /// CURLOPT_ACCEPT_ENCODING: libcurl sends it and decodes the answer itself ("" = every
        /// coding it supports). nil leaves bodies as the server sent them.
        var acceptEncoding: String?
    }

    private static let globalInit: CURLcode = ccurl_global_init_default()
    private let handle: UnsafeMutableRawPointer

    init() throws {
        _ = CurlClient.globalInit
        guard let handle = curl_easy_init() else { throw CurlError.noHandle }
        self.handle = handle
    }

    deinit { curl_easy_cleanup(handle) }

    func get(_ url: String, headers: [(String, String)] = [], options: Options = Options()) throws -> CurlResponse {
        try request("GET", url, headers: headers, options: options)
    }

    func request(_ method: String, _ url: String, headers: [(String, String)] = [], body: [UInt8]? = nil,
                 options: Options = Options()) throws -> CurlResponse {
        curl_easy_reset(handle)  // keeps the connection cache
        let sink = Sink()
        let sinkPointer = Unmanaged.passRetained(sink)
        defer { sinkPointer.release() }

        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headerList) }
        var allHeaders = headers
        if options.expectContinue { allHeaders.append(("Expect", "100-continue")) }
        for (name, value) in allHeaders { headerList = curl_slist_append(headerList, "\(name): \(value)") }

        _ = url.withCString { ccurl_setopt_ptr(handle, CURLOPT_URL, $0) }
        _ = ccurl_setopt_long(handle, CURLOPT_HTTP_VERSION,
                              options.http10 ? CURL_HTTP_VERSION_1_0 : CURL_HTTP_VERSION_1_1)
        _ = ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int(options.timeout * 1000))
        _ = ccurl_setopt_long(handle, CURLOPT_EXPECT_100_TIMEOUT_MS, 1000)
        _ = ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        if let accept = options.acceptEncoding { _ = accept.withCString { ccurl_setopt_ptr(handle, CURLOPT_ACCEPT_ENCODING, $0) } }
        _ = ccurl_setopt_ptr(handle, CURLOPT_HTTPHEADER, headerList)
        _ = ccurl_setopt_write(handle, { data, size, count, user in
            guard let data, let user else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            sink.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: size * count))
            return size * count
        })
        _ = ccurl_setopt_ptr(handle, CURLOPT_WRITEDATA, sinkPointer.toOpaque())
        _ = ccurl_setopt_header(handle, { data, size, count, user in
            guard let data, let user else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            sink.headerLine(String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self))
            return size * count
        })
        _ = ccurl_setopt_ptr(handle, CURLOPT_HEADERDATA, sinkPointer.toOpaque())

        switch method {
        case "GET": _ = ccurl_setopt_long(handle, CURLOPT_HTTPGET, 1)
        case "HEAD": _ = ccurl_setopt_long(handle, CURLOPT_NOBODY, 1)
        default: _ = method.withCString { ccurl_setopt_ptr(handle, CURLOPT_CUSTOMREQUEST, $0) }
        }

        let code: CURLcode = (body ?? []).withUnsafeBytes { bytes in
            if let body {
                _ = ccurl_setopt_long(handle, CURLOPT_POST, 1)
                _ = ccurl_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
                _ = ccurl_setopt_ptr(handle, CURLOPT_POSTFIELDS, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1))
                if method != "POST" { _ = method.withCString { ccurl_setopt_ptr(handle, CURLOPT_CUSTOMREQUEST, $0) } }
            }
            return curl_easy_perform(handle)
        }
        guard code == CURLE_OK else {
            throw CurlError.transfer(code: Int(code.rawValue), message: String(cString: curl_easy_strerror(code)))
        }

        var status = 0
        var connects = 0
        var total = 0.0
        _ = ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        _ = ccurl_getinfo_long(handle, CURLINFO_NUM_CONNECTS, &connects)
        _ = ccurl_getinfo_double(handle, CURLINFO_TOTAL_TIME, &total)
        return CurlResponse(status: status, headers: sink.headers, body: sink.body, totalTime: total,
                            newConnections: connects)
    }
}

/// Collects one transfer's body and the header fields of its last response head.
private final class Sink {
    var body: [UInt8] = []
    var headers: [(name: String, value: String)] = []

    func headerLine(_ raw: String) {
        let line = raw.trimmingSuffix { $0.isNewline }
        if line.hasPrefix("HTTP/") {
            headers = []  // a new head: an interim 1xx was before it
        } else if let colon = line.firstIndex(of: ":") {
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            headers.append((String(line[..<colon]), String(value)))
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
