import JSON
import Testing
@testable import LayoutAPI

private enum Direction: String, CaseIterable {
    case vertical, horizontal
}

private func field(_ text: String) throws -> JSONField {
    JSONField(try JSONParser.parse(Array(text.utf8)))
}

/// Runs `body` and returns the FieldError it throws, or nil.
private func fieldError<T>(_ body: () throws(FieldError) -> T) -> FieldError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

@Suite struct JSONPointerTests {
    @Test func rootIsTheEmptyString() {
        #expect(JSONPointer.root.description == "")
        #expect(JSONPointer.root.isRoot)
        #expect(JSONPointer.root.tokens == [])
    }

    @Test func escapesTildeAndSlashInTokens() {
        let pointer = JSONPointer.root.appending("a/b").appending("~c").appending(0)
        #expect(pointer.description == "/a~1b/~0c/0")
        #expect(pointer.tokens == ["a/b", "~c", "0"])
        #expect(JSONPointer.root.appending("~1").description == "/~01")
    }

    @Test func equalityFollowsTheStringForm() {
        let viaIndex = JSONPointer.root.appending("items").appending(3)
        let viaKey = JSONPointer.root.appending("items").appending("3")
        #expect(viaIndex == viaKey)
        #expect(viaIndex.hashValue == viaKey.hashValue)
        #expect(viaIndex != JSONPointer.root.appending("items").appending(4))
        #expect(JSONPointer.root.appending("") != .root)
        #expect(JSONPointer.root.appending("").description == "/")
    }

    @Test func parentAndLastToken() throws {
        let pointer = JSONPointer.root.appending("layout").appending("itemSize")
        #expect(pointer.lastToken == "itemSize")
        #expect(pointer.parentPointer?.description == "/layout")
        #expect(pointer.parentPointer?.parentPointer == .root)
        #expect(JSONPointer.root.parentPointer == nil)
    }
}

@Suite struct JSONFieldTests {
    @Test func readsTypedValuesWithTheirPointers() throws {
        let root = try field(#"{"layout":{"itemSize":{"width":120,"height":40.5},"on":true,"name":"grid","direction":"horizontal"}}"#)
        let layout = try root.object().required("layout").object()
        #expect(layout.pointer.description == "/layout")
        let size = try layout.required("itemSize").object()
        #expect(try size.required("width").double() == 120)
        #expect(try size.required("width").int() == 120)
        #expect(try size.required("height").double() == 40.5)
        #expect(try size.required("height").pointer.description == "/layout/itemSize/height")
        #expect(try layout.required("on").bool() == true)
        #expect(try layout.required("name").string() == "grid")
        #expect(try layout.required("direction").enumValue(Direction.self) == .horizontal)
    }

    @Test func arrayElementsCarryIndexPointers() throws {
        let items = try field(#"{"items":[{"w":1},{"w":2},{"w":3}]}"#).object().required("items").array(maxCount: 3)
        #expect(items.map(\.pointer.description) == ["/items/0", "/items/1", "/items/2"])
        let width = try items[2].object().required("w")
        #expect(width.pointer.description == "/items/2/w")
        #expect(try width.int() == 3)
    }

    @Test func optionalTreatsAbsentAndNullAsNil() throws {
        let object = try field(#"{"a":null,"b":0}"#).object()
        #expect(object.optional("a") == nil)
        #expect(object.optional("missing") == nil)
        #expect(try object.optional("b")?.int() == 0)
    }

    @Test(arguments: [("1e3", 1000), ("-7", -7), ("3.0", 3), ("-9223372036854775808", Int.min)])
    func intAcceptsIntegralNumbers(text: String, expected: Int) throws {
        #expect(try field(text).int() == expected)
    }

    @Test(arguments: [
        ("2.5", "Expected an integer at the top level but found 2.5; send a whole number such as 3."),
        // Whole but past Int's range: too large, not "not whole" (issue 29).
        ("1e19", "The number at the top level is 1e+19, too large for a whole number here (at most 9223372036854775807 either way); send a smaller number."),
        ("9223372036854775808", "The number at the top level is 9.223372036854776e+18, too large for a whole number here (at most 9223372036854775807 either way); send a smaller number."),
        ("\"3\"", "Expected an integer at the top level but found a string; send a whole number such as 3."),
    ])
    func intRejectsFractionsAndOutOfRange(text: String, detail: String) throws {
        let value = try field(text)
        let error = try #require(fieldError { () throws(FieldError) in try value.int() })
        #expect(error.detail == detail)
    }

    @Test func wrongTypeNamesFieldAndHowToFixIt() throws {
        let size = try field(#"{"layout":{"itemSize":{"width":"50"}}}"#).object().required("layout").object().required("itemSize").object()
        let error = try #require(fieldError { () throws(FieldError) in try size.required("width").double() })
        #expect(error == .wrongType(pointer: JSONPointer.root.appending("layout").appending("itemSize").appending("width"), expected: "a number", found: "a string"))
        #expect(error.pointer.description == "/layout/itemSize/width")
        #expect(error.detail == "Expected a number at /layout/itemSize/width but found a string; send a number of points such as 50.")
    }

    @Test(arguments: [
        ("object", "[]", "Expected an object at /v but found an array; send a JSON object in braces such as {}."),
        ("array", "{}", "Expected an array at /v but found an object; send a JSON array in brackets such as []."),
        ("bool", "1", "Expected a boolean at /v but found a number; send true or false."),
        ("string", "false", "Expected a string at /v but found a boolean; send text in double quotes."),
        ("double", "null", "Expected a number at /v but found null; send a number of points such as 50."),
        ("enum", "7", "Expected a string at /v but found a number; send text in double quotes."),
    ])
    func everyTypedReadReportsWrongType(kind: String, text: String, detail: String) throws {
        let value = try field("{\"v\":\(text)}").object().required("v")
        let error = fieldError { () throws(FieldError) -> Void in
            switch kind {
            case "object": _ = try value.object()
            case "array": _ = try value.array()
            case "bool": _ = try value.bool()
            case "string": _ = try value.string()
            case "double": _ = try value.double()
            default: _ = try value.enumValue(Direction.self)
            }
        }
        #expect(error?.detail == detail)
    }

    @Test func customExpectationGetsGenericHint() {
        let error = FieldError.wrongType(pointer: JSONPointer.root.appending("n"), expected: "a positive number", found: "-1")
        #expect(error.detail == "Expected a positive number at /n but found -1; send a positive number instead.")
    }

    @Test func missingFieldSaysWhereToAddIt() throws {
        let layout = try field(#"{"layout":{}}"#).object().required("layout").object()
        let nested = try #require(fieldError { () throws(FieldError) in try layout.required("itemSize") })
        #expect(nested == .missing(pointer: JSONPointer.root.appending("layout").appending("itemSize")))
        #expect(nested.detail == "Missing required field at /layout/itemSize; add \"itemSize\" to the object at /layout.")
        let root = try field("{}").object()
        let top = try #require(fieldError { () throws(FieldError) in try root.required("layout") })
        #expect(top.detail == "Missing required field at /layout; add \"layout\" to the top-level object.")
    }

    @Test func unknownKeyPointsAtItAndListsAllowedKeys() throws {
        let object = try field(#"{"layout":{"width":1,"colour":"red"}}"#).object().required("layout").object()
        #expect(fieldError { () throws(FieldError) in try object.rejectUnknownKeys(allowed: ["width", "colour"] as KeySet) } == nil)
        let error = try #require(fieldError { () throws(FieldError) in try object.rejectUnknownKeys(allowed: ["width", "spacing", "columns"] as KeySet) })
        #expect(error == .unknownKey(pointer: JSONPointer.root.appending("layout").appending("colour"), allowed: ["columns", "spacing", "width"]))
        #expect(error.detail == "Unknown field at /layout/colour; remove \"colour\" or use one of: \"columns\", \"spacing\", \"width\".")
        let none = try #require(fieldError { () throws(FieldError) in try object.rejectUnknownKeys(allowed: [] as KeySet) })
        #expect(none.detail == "Unknown field at /layout/width; remove \"width\", this object accepts no fields.")
        // The Set form (the top level of POST /layout) answers the same.
        let viaSet = try #require(fieldError { () throws(FieldError) in try object.rejectUnknownKeys(allowed: ["width", "spacing", "columns"] as Set<String>) })
        #expect(viaSet == error)
    }

    /// KeySet looks names up by length and first byte, then compares them whole: a key that
    /// shares both with an allowed name ("colout" beside "colour", "wide" beside "with") is unknown.
    @Test func keySetComparesWholeNames() throws {
        let names: KeySet = ["colour", "with", "x", "fractionalHeight"]
        #expect(names.contains("colour") && names.contains("with") && names.contains("x") && names.contains("fractionalHeight"))
        #expect(!names.contains("colout") && !names.contains("wide") && !names.contains("y") && !names.contains("fractionalHeigh"))
        #expect(!names.contains("") && !names.contains("fractionalHeightt"))
        #expect(names.sorted() == ["colour", "fractionalHeight", "with", "x"])
        let object = try field(#"{"colout":1}"#).object()
        let error = try #require(fieldError { () throws(FieldError) in try object.rejectUnknownKeys(allowed: names) })
        #expect(error.detail == "Unknown field at /colout; did you mean \"colour\"? Otherwise remove \"colout\" or use one of: \"colour\", \"fractionalHeight\", \"with\", \"x\".")
    }

    @Test func unknownEnumValueListsAllowedValuesInCaseOrder() throws {
        let value = try field(#"{"direction":"diagonal"}"#).object().required("direction")
        let error = try #require(fieldError { () throws(FieldError) in try value.enumValue(Direction.self) })
        #expect(error == .invalidValue(pointer: JSONPointer.root.appending("direction"), detail: "Unknown value \"diagonal\" at /direction; use one of: \"vertical\", \"horizontal\"."))
        #expect(error.detail == "Unknown value \"diagonal\" at /direction; use one of: \"vertical\", \"horizontal\".")
    }

    @Test func invalidValueDetailIsVerbatim() {
        let error = FieldError.invalidValue(pointer: JSONPointer.root.appending("a"), detail: "Width must be positive.")
        #expect(error.detail == "Width must be positive.")
        #expect(error.pointer.description == "/a")
    }

    @Test func arrayOverLimitIsTooMany() throws {
        let items = try field(#"{"items":[1,2,3]}"#).object().required("items")
        let error = try #require(fieldError { () throws(FieldError) in try items.array(maxCount: 2) })
        #expect(error == .tooMany(pointer: JSONPointer.root.appending("items"), limit: 2))
        #expect(error.detail == "Too many elements in the array at /items; send at most 2.")
    }

    @Test func quotedValuesAreEscapedAndTruncated() {
        #expect(FieldError.quoted("a\"b\n") == #""a\"b\u000A""#)
        let long = String(repeating: "x", count: 100)
        #expect(FieldError.quoted(long) == "\"" + String(repeating: "x", count: 64) + "…\"")
    }
}
