import Testing

@testable import LinkSimCore

@Suite struct JSONValueEncoderTests {
    struct Shape: Encodable {
        var zeta = 1
        var alpha = "a\u{202E}b"
        var missing: String?
        var list = [true, false]
        var nested = Inner()
        struct Inner: Encodable {
            var b = 2.5
            var a: Int? = 3
        }
    }

    @Test func keysKeepDeclarationOrderNilIsNullAndTextIsEscaped() throws {
        let text = JSONValueEncoder.render(Shape())
        #expect(text == #"{"zeta": 1, "alpha": "a\u202eb", "missing": null, "list": [true, false], "nested": {"b": 2.5, "a": 3}}"#)
    }

    @Test func aStepLeavesOutAnAbsentAssumptionButNamesEveryOtherKey() {
        let step = TraceStep(actor: "iOS", summary: "s", rule: Rule.iosSchemeSafariPrompt, detail: nil)
        #expect(
            JSONValueEncoder.render(ContractJSON.StepReport(step))
                == #"{"actor": "iOS", "summary": "s", "rule": "ios.scheme.safari-prompt", "detail": null}"#)
    }
}
