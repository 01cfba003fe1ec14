import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// `POST /batch/validate` with `wording`: the messages of one iOS release. Without it every
/// answer is as before (BatchValidateTests).
@Suite struct BatchWordingTests {
    let app = LayoutApplication.make()

    func exception(_ body: String, _ field: String = "uikitException") -> String? {
        batchString(app.post(body, target: "/batch/validate"), field)
    }

    @Test func iOS17PrintsTheInvalidBatchUpdatesFormWithUIKitsLineBreaksWhenTheDataSourceReportsFewer() {
        let text = exception(#"{"before":[30],"after":[29],"flavor":"tableView","updates":{"reloadItems":[[0,0]]},"wording":{"ios":"17.0"}}"#)
        #expect(text == "Invalid batch updates detected: the number of sections and/or rows returned by the data source before and after performing the batch updates are inconsistent with the updates.\nData source before updates = { 1 section with row counts: [30] }\nData source after updates = { 1 section with row counts: [29] }\nUpdates = [\n\tDelete row (0 - 0),\n\tInsert row (0 - 0)\n]")
        let ios16 = exception(#"{"before":[30],"after":[29],"updates":{"reloadItems":[[0,0]]},"wording":{"ios":"16.4.1"}}"#)
        #expect(ios16?.contains("before and/or after performing") == true)
        #expect(ios16?.hasSuffix("Updates = [\n\tDelete item (0 - 0),\n\tInsert item (0 - 0)\n]") == true)
    }

    @Test func moreThanImpliedKeepsTheClassicMessageWithOneSpace() {
        let text = exception(#"{"before":[5],"after":[6],"wording":{"ios":"17.2"}}"#)
        #expect(text == "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (6) must be equal to the number of items contained in that section before the update (5), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).")
        #expect(exception(#"{"before":[5],"after":[6],"wording":{"ios":"17.2"}}"#, "uikitException164") == "Invalid batch updates detected: the number of sections and/or items returned by the data source before and after performing the batch updates are inconsistent with the updates.\nData source before updates = { 1 section with item counts: [5] }\nData source after updates = { 1 section with item counts: [6] }\nUpdates = [\n]")
        let sections = exception(#"{"before":[1,1],"after":[1],"wording":{"ios":"16.4"}}"#)
        #expect(sections?.hasPrefix("Invalid batch updates detected") == true)
        let old = exception(#"{"before":[5],"after":[4],"wording":{"ios":"15.0"}}"#)
        #expect(old?.hasPrefix("Invalid update: invalid number of items in section 0.  The number") == true)
    }

    @Test func capitalizedAttempt() {
        #expect(exception(#"{"before":[6],"updates":{"deleteItems":[[0,6]]},"wording":{"capitalized":true}}"#)
                == "Attempt to delete item 6 from section 0 which only contains 6 items before the update")
        let r = app.post(#"{"before":[6],"updates":{"deleteItems":[[0,6]]},"wording":{"capitalized":true}}"#, target: "/batch/validate")
        #expect(r.text.contains(#""message":"Attempt to delete item 6"#))
    }

    @Test func wordingIsCheckedLikeEveryField() {
        let bad = app.post(#"{"before":[1],"wording":{"ios":"latest"}}"#, target: "/batch/validate")
        #expect(bad.status == 422)
        #expect(bad.pointers == ["/wording/ios"])
        #expect(app.post(#"{"before":[1],"wording":{"iOS":"17"}}"#, target: "/batch/validate").status == 400)
        // Absent and empty are the classic wording, byte for byte.
        let classic = app.post(#"{"before":[5],"after":[6]}"#, target: "/batch/validate").text
        #expect(app.post(#"{"before":[5],"after":[6],"wording":{}}"#, target: "/batch/validate").text == classic)
    }
}
