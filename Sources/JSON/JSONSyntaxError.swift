/// Why a body is not JSON, and where: a byte offset plus the 1-based line and column a person
/// looks for in an editor (columns count Unicode scalars, not bytes).
package struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    package let offset: Int
    package let line: Int
    package let column: Int
    package let message: String

    package init(offset: Int, line: Int, column: Int, message: String) {
        self.offset = offset
        self.line = line
        self.column = column
        self.message = message
    }

    /// Locates `offset` in `bytes`: lines end at LF; UTF-8 continuation bytes do not advance
    /// the column. O(offset), paid only on the error path.
    init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>, message: String) {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        self.init(offset: offset, line: line, column: column, message: message)
    }

    /// "line 3, column 14: expected ',' or '}' after an object member"
    package var description: String {
        "line \(line), column \(column): \(message)"
    }
}
