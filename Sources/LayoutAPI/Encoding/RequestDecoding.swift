import HTTP
import HTTPCompression

/// Request bodies sent with `Content-Encoding: gzip` or `deflate` (RFC 9110 §8.4): decoded before
/// any handler sees them, bounded by the same `--max-body-bytes` as identity bodies.
///
/// The HTTP server holds the compressed bytes to that limit; here the inflated size is held to it
/// as well, streaming with a cap, so a zip bomb costs at most `maxBodyBytes` of memory and is a
/// 413. Corrupt or truncated data is a 400; a coding other than gzip, deflate and identity a 415
/// (decided from the head, so `Expect: 100-continue` clients learn it before sending the body).
extension LayoutApplication {
    /// The codings of a body-carrying request, outermost last, or the 415 for an unknown one.
    static func contentCodings(_ head: RequestHead) -> Result<[ContentCoding], APIError> {
        let values = head.headers.values("Content-Encoding")
        guard !values.isEmpty else { return .success([]) }
        switch ContentCoding.parseList(values) {
        case .success(let codings) where codings.count <= 2:
            return .success(codings)
        case .success:
            return .failure(.unsupportedContentEncoding(values.joined(separator: ", "),
                because: "at most two codings are decoded"))
        case .failure(let unknown):
            return .failure(.unsupportedContentEncoding(unknown.token, because: "this server decodes gzip and deflate only"))
        }
    }

    /// `request` with its body decoded, or unchanged when it has no content coding. O(body +
    /// maxBodyBytes); runs off the I/O loop (`execution(for:)` offloads coded bodies).
    func decodingBody(_ request: Request) throws(APIError) -> Request {
        guard !request.body.isEmpty else { return request }
        let codings: [ContentCoding]
        switch Self.contentCodings(request.head) {
        case .success(let c): codings = c
        case .failure(let e): throw e
        }
        guard !codings.isEmpty else { return request }
        var decoded = request
        for coding in codings.reversed() {
            switch Inflater.decompress(decoded.body, from: coding, limit: configuration.maxBodyBytes) {
            case .success(let bytes):
                decoded.body = bytes
            case .failure(.tooLarge(let limit)):
                throw .inflatedBodyTooLarge(coding: coding.rawValue, limit: limit)
            case .failure(let failure):
                throw .undecodableBody(coding: coding.rawValue, reason: Self.describe(failure))
            }
        }
        return decoded
    }

    static func describe(_ failure: Inflater.Failure) -> String {
        switch failure {
        case .tooLarge(let limit): "it inflates to more than \(limit) bytes"
        case .corrupt(let message): "zlib says: \(message)"
        case .truncated: "the stream ends before its last block"
        case .trailingData: "bytes follow the end of the stream"
        }
    }
}
