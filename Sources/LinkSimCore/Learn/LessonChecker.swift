/// Checks a learner's answer (and a lesson's own answers) with the simulator: the course says
/// nothing the rules do not say.
package enum LessonChecker {
    /// The result of the step's action in a world (the step's own world by default).
    package static func result(of step: LessonStep, in world: Scenario? = nil) -> ActionResult? {
        Simulator.run(world ?? step.world).results.first { $0.index == step.action }
    }

    /// Whether a choice describes a landing (only the keys the choice writes are compared).
    package static func matches(_ choice: PredictChoice, _ result: ActionResult?) -> Bool {
        guard let result else { return false }
        return ExpectationChecker.check(choice.expectation, landing: result.landing, trace: result.trace).passed
    }

    /// The indexes of the choices that describe what the engine says.
    package static func correctChoices(_ choices: [PredictChoice], _ result: ActionResult?) -> [Int] {
        choices.indices.filter { matches(choices[$0], result) }
    }

    /// How a goal compares with the step's action in a world.
    package static func goalCheck(_ goal: Expectation, step: LessonStep, world: Scenario) -> (ActionResult?, ExpectationCheck) {
        let result = result(of: step, in: world)
        let check = ExpectationChecker.check(goal, landing: result?.landing, trace: result?.trace ?? [])
        return (result, check)
    }

    /// What changed from `original` to `changed` outside the step's `knobs` (nil knobs: nothing counts as outside):
    /// each as a path (`apps.0.activities`, `assumptions.in_app_browsers_open_app`, `web`). The device's and each
    /// app's fields, the assumptions and the step's tap are compared one by one, by their reflected names (a
    /// knob `apps.0.target_sdk` allows the field `targetSDK`); anything else in the world is compared whole.
    package static func changesOutside(_ knobs: [String]?, step: LessonStep, original: Scenario, changed: Scenario) -> [String] {
        guard let knobs else { return [] }
        func squash(_ name: String) -> String { name.replacingOccurrences(of: "_", with: "").lowercased() }
        let allowed = Set(
            knobs.map { knob -> String in
                let parts = knob.split(separator: ".").map(String.init)
                guard parts.count >= 2 else { return squash(knob) }
                if parts[0] == "apps", parts.count >= 3 {
                    let index = Int(parts[1]) ?? original.appIndex(parts[1]) ?? -1
                    return "apps.\(index).\(squash(parts[2...].joined(separator: "_")))"
                }
                return "\(parts[0]).\(squash(parts[1...].joined(separator: "_")))"
            })
        func fields(_ value: Any) -> [(String, String)] {
            Mirror(reflecting: value).children.map { ($0.label ?? "?", String(describing: $0.value)) }
        }
        var outside: [String] = []
        func compare(_ prefix: String, _ a: [(String, String)], _ b: [(String, String)]) {
            for (index, field) in a.enumerated() where index < b.count && b[index].1 != field.1 {
                if !allowed.contains("\(prefix).\(squash(field.0))") { outside.append("\(prefix).\(field.0)") }
            }
        }
        compare("device", fields(original.device), fields(changed.device))
        compare("assumptions", fields(original.assumptions), fields(changed.assumptions))
        for index in original.apps.indices where index < changed.apps.count {
            compare("apps.\(index)", fields(original.apps[index]), fields(changed.apps[index]))
        }
        if original.apps.count != changed.apps.count { outside.append("apps") }
        if original.web != changed.web { outside.append("web") }
        if original.providers != changed.providers { outside.append("providers") }
        if original.clock != changed.clock { outside.append("clock") }
        var actionsBefore = original.actions
        var actionsAfter = changed.actions
        if actionsBefore.indices.contains(step.action), actionsAfter.indices.contains(step.action),
            let before = LinkMatrix.tap(of: actionsBefore[step.action]), let after = LinkMatrix.tap(of: actionsAfter[step.action])
        {
            compare("tap", fields(before), fields(after))
            actionsBefore[step.action] = actionsAfter[step.action]
        }
        for index in actionsBefore.indices { actionsBefore[index].expect = nil }
        for index in actionsAfter.indices { actionsAfter[index].expect = nil }
        if actionsBefore != actionsAfter { outside.append("actions") }
        return outside
    }

    /// The world with `set:`-style changes applied (a knob step's solution). Returns nil and the
    /// message when a change does not apply.
    package static func applying(_ changes: [WorldAssignment], to world: Scenario, action: Int = 0) -> Result<Scenario, SettingError> {
        var changed = world
        for change in changes {
            if change.path.hasPrefix("tap.") {
                if let problem = applyTap(change.path, change.value, to: &changed, action: action) {
                    return .failure(SettingError(message: "`\(change.path)`: \(problem)"))
                }
                continue
            }
            switch Settings.resolve(change.path, apps: changed.apps) {
            case .failure(let error): return .failure(error)
            case .success(let resolved):
                // The two are written through locals: a scenario's fields are accessors (a shared box), and
                // two writes through them at once would overlap.
                var device = changed.device
                var apps = changed.apps
                let problem = Settings.apply(resolved, value: change.value, device: &device, apps: &apps)
                changed.device = device
                changed.apps = apps
                if let problem { return .failure(SettingError(message: "`\(change.path)`: \(problem)")) }
            }
        }
        return .success(changed)
    }

    /// The tap keys a knob step's solution may change: `tap.from`, `tap.browser_app`, `tap.gesture`,
    /// `tap.page` (as a scenario writes them), on the step's action. Returns a problem, or nil.
    static let tapKeys = ["tap.from", "tap.browser_app", "tap.gesture", "tap.page"]

    static func applyTap(_ key: String, _ value: ScalarValue, to world: inout Scenario, action: Int) -> String? {
        guard world.actions.indices.contains(action), LinkMatrix.tap(of: world.actions[action]) != nil else {
            return "action \(action + 1) is not a tap or a long press"
        }
        let text = value.description
        func choice<E: RawRepresentable & CaseIterable>(_: E.Type) -> (E?, String) where E.RawValue == String {
            let names = E.allCases.map(\.rawValue)
            return (E(rawValue: text), "must be one of: \(names.joined(separator: ", ")); got `\(text)`\(Suggestion.didYouMean(text, among: names))")
        }
        switch key {
        case "tap.from":
            let (source, problem) = choice(TapSource.self)
            guard let source else { return problem }
            world.editTap(action: action) { $0.move(to: source) }
        case "tap.browser_app":
            let (app, problem) = choice(InAppBrowserApp.self)
            guard let app else { return problem }
            world.editTap(action: action) {
                $0.move(to: .inAppBrowser)
                $0.browserApp = app
            }
        case "tap.gesture":
            let (gesture, problem) = choice(Gesture.self)
            guard let gesture else { return problem }
            world.editTap(action: action) { $0.gesture = gesture }
        case "tap.page":
            world.editTap(action: action) { $0.page = value == .null ? nil : text }
        default:
            return "unknown tap key\(Suggestion.didYouMean(key, among: tapKeys)); tap keys: \(tapKeys.joined(separator: ", "))"
        }
        return nil
    }

    /// What a candidate file for a fix step does.
    package struct FixOutcome: Sendable, Equatable {
        /// The world could not be read with the candidate (the loader's messages), or the validator's findings.
        package var problems: [String]
        package var result: ActionResult?
        package var check: ExpectationCheck?
        package var passed: Bool { check?.passed ?? false }
        package init(problems: [String], result: ActionResult? = nil, check: ExpectationCheck? = nil) {
            self.problems = problems
            self.result = result
            self.check = check
        }
    }

    /// Runs the step's world with `candidate` in place of the broken file, through the same code
    /// as `linksim run` (and `aasa validate` for an AASA file).
    package static func checkFix(_ step: LessonStep, candidate: [UInt8], reader: any FileReader) -> FixOutcome {
        guard case .fix(let task) = step.kind else { return FixOutcome(problems: ["not a fix step"]) }
        var problems: [String] = []
        if task.fileKind == .aasa {
            problems += AASAValidator.validate(candidate).filter { $0.severity == .error }.map { "\(task.file):\($0.description)" }
        }
        let overlay = OverlayFileReader(base: reader, replacements: [task.resolvedFile: candidate])
        let world: Scenario
        do {
            world = try LessonLoader.world(of: step, reader: overlay)
        } catch {
            return FixOutcome(problems: problems + error.diagnostics.map(\.description))
        }
        let (result, check) = goalCheck(task.goal, step: step, world: world)
        return FixOutcome(problems: problems, result: result, check: check)
    }

    /// Everything that makes a lesson wrong about the engine: a predict step whose answer is not
    /// what the simulator says, a knob or fix step whose goal is already met or whose solution does
    /// not reach it. `validate` and the tests call it, so a lesson cannot drift from the rules.
    package static func problems(in lesson: Lesson, reader: any FileReader = LocalFiles()) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (index, step) in lesson.steps.enumerated() {
            func problem(_ message: String) {
                out.append(Diagnostic(file: lesson.file, location: step.location, message: "steps[\(index)] (\(step.kind.name)): \(message)"))
            }
            let result = result(of: step)
            if result?.landing == nil, step.kind != .tour {
                problem("action \(step.action + 1) does not land anywhere; point `action:` at a tap, launch, answer or long press")
                continue
            }
            switch step.kind {
            case .tour:
                if result == nil { problem("the world has no action \(step.action + 1)") }
            case .predict(let choices, let answer):
                let right = correctChoices(choices, result)
                let said = result?.landing.map { Describe.landing($0) } ?? "nothing"
                if right != [answer] {
                    let names = right.map { "\($0 + 1) (\(choices[$0].label))" }
                    problem(
                        "`answer` is \(answer + 1) (\(choices.indices.contains(answer) ? choices[answer].label : "?")), but the engine says \(said): "
                            + (names.isEmpty ? "no choice matches it" : "choice \(names.joined(separator: ", ")) matches"))
                }
            case .knob(let goal, let solution):
                let (_, before) = goalCheck(goal, step: step, world: step.world)
                if before.passed { problem("the goal is already met before any change; nothing to find") }
                switch applying(solution, to: step.world, action: step.action) {
                case .failure(let error): problem("`solution`: \(error.message)")
                case .success(let solved):
                    let (_, after) = goalCheck(goal, step: step, world: solved)
                    if !after.passed {
                        problem("`solution` does not reach the goal: " + after.mismatches.map(\.description).joined(separator: "; "))
                    }
                    let outside = changesOutside(step.knobs, step: step, original: step.world, changed: solved)
                    if !outside.isEmpty { problem("`solution` changes \(outside.joined(separator: ", ")), outside `knobs`") }
                }
            case .fix(let task):
                guard let broken = try? reader.read(task.resolvedFile), let fixed = try? reader.read(task.solution) else {
                    problem("cannot read `\(task.file)` or its solution")
                    continue
                }
                if checkFix(step, candidate: broken, reader: reader).passed {
                    problem("the goal is already met with the broken `\(task.file)`; nothing to fix")
                }
                let outcome = checkFix(step, candidate: fixed, reader: reader)
                if !outcome.passed {
                    let why = outcome.problems + (outcome.check?.mismatches.map(\.description) ?? [])
                    problem("the solution file does not reach the goal: " + why.joined(separator: "; "))
                }
            }
        }
        return out
    }
}
