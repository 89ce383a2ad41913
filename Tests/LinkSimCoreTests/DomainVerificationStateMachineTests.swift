import Foundation
import LinkSimCore
import Testing

/// CTS vectors C1–C8 (knowledge/android.md §6.3, from CTS DomainVerificationIntentStandaloneTests)
/// and the package life cycle of App Link state (§2.3). Each vector is played here from its own
/// world, independent of the scenario files that show the same vectors in scenarios/android/cts/.
@Suite struct DomainVerificationStateMachineTests {
    static func world(apps: Int) -> String {
        var out = """
            linksim: 1
            name: cts
            device: {platform: android, os: "14", default_browser: chrome}
            apps:

            """
        for n in 1...apps {
            out += """
                  - id: com.example.pkg\(n)
                    name: Pkg\(n)
                    state: background
                    activities:
                      - name: .MainActivity
                        exported: true
                        intent_filters:
                          - {auto_verify: true, actions: [VIEW], categories: [DEFAULT, BROWSABLE], data: [{scheme: https, host: d1.example.com}]}
                          - {actions: [VIEW], categories: [DEFAULT, BROWSABLE], data: [{scheme: https, host: d2.example.com}]}

                """
        }
        return out
    }

    /// Plays `steps` (a `pm …` command, `update pkgN`, or `tap dN`) and returns where each tap landed:
    /// the package that opened, or "browser".
    static func play(apps: Int = 2, _ steps: [String]) throws -> (landings: [String], trace: [TraceStep]) {
        var yaml = world(apps: apps) + "actions:\n"
        for step in steps {
            if step.hasPrefix("tap ") {
                yaml += "  - tap: https://\(step.dropFirst(4)).example.com/item\n"
            } else if step.hasPrefix("update ") {
                yaml += "  - update: com.example.\(step.dropFirst(7))\n"
            } else {
                yaml += "  - pm: \"\(step)\"\n"
            }
        }
        let result = Simulator.run(try ScenarioLoader.parse(yaml, file: "cts.yaml", baseDirectory: nil))
        let landings = result.results.compactMap { r -> String? in
            guard let landing = r.landing else { return nil }
            return landing.kind == .app ? (landing.app ?? "?") : landing.kind.rawValue
        }
        return (landings, result.results.flatMap(\.trace))
    }

    let p1 = "com.example.pkg1", p2 = "com.example.pkg2"

    @Test func c1LaunchVerified() throws {
        let run = try Self.play(
            apps: 1,
            [
                "pm set-app-links --package com.example.pkg1 1 all", "tap d1", "tap d2",
                "pm set-app-links --package com.example.pkg1 0 d1.example.com", "tap d1",
            ])
        #expect(run.landings == [p1, "browser", "browser"])
    }

    @Test func c2LaunchSelected() throws {
        let run = try Self.play(
            apps: 1,
            [
                "pm set-app-links-user-selection --user 0 --package com.example.pkg1 true all", "tap d1", "tap d2",
                "pm set-app-links-user-selection --user 0 --package com.example.pkg1 false all", "tap d1", "tap d2",
            ])
        #expect(run.landings == [p1, p1, "browser", "browser"])
    }

    @Test func c3SelectionPreservedOnUpdate() throws {
        let run = try Self.play(
            apps: 1,
            [
                "pm set-app-links-user-selection --user 0 --package com.example.pkg1 true d1.example.com", "update pkg1", "tap d1",
            ])
        #expect(run.landings == [p1])
    }

    @Test func c4VerifiedOverSelectedClearsTheSelection() throws {
        let run = try Self.play([
            "pm set-app-links-user-selection --user 0 --package com.example.pkg1 true d1.example.com",
            "pm set-app-links --package com.example.pkg2 1 d1.example.com", "tap d1",
            "pm set-app-links --package com.example.pkg2 0 d1.example.com", "tap d1",
        ])
        #expect(run.landings == [p2, "browser"])
        #expect(run.trace.contains { $0.summary.contains("selection of d1.example.com for Pkg1 is cleared") })
    }

    @Test func c5NewerSelectionReplacesOlder() throws {
        let run = try Self.play([
            "pm set-app-links-user-selection --user 0 --package com.example.pkg1 true d1.example.com",
            "pm set-app-links-user-selection --user 0 --package com.example.pkg2 true d1.example.com", "tap d1",
            "pm set-app-links-user-selection --user 0 --package com.example.pkg2 false d1.example.com", "tap d1",
        ])
        #expect(run.landings == [p2, "browser"])
    }

    @Test func c6SelectingOverVerifiedFails() throws {
        let run = try Self.play([
            "pm set-app-links --package com.example.pkg1 1 d1.example.com",
            "pm set-app-links-user-selection --user 0 --package com.example.pkg2 true d1.example.com", "tap d1",
        ])
        #expect(run.landings == [p1])
        #expect(run.trace.contains { $0.rule == Rule.androidApplinksSelectionVsVerified.id })
    }

    @Test func c7DisabledHandlingSurvivesUpdate() throws {
        let run = try Self.play(
            apps: 1,
            [
                "pm set-app-links --package com.example.pkg1 1 d1.example.com",
                "pm set-app-links-user-selection --user 0 --package com.example.pkg1 true d2.example.com",
                "pm set-app-links-allowed --user 0 --package com.example.pkg1 false", "tap d1", "tap d2",
                "update pkg1", "tap d1", "tap d2",
            ])
        #expect(run.landings == ["browser", "browser", "browser", "browser"])
    }

    @Test func c8NewVerifyTakesOverSelectedOnlyWhileHandlingIsAllowed() throws {
        let run = try Self.play([
            "pm set-app-links-user-selection --user 0 --package com.example.pkg2 true all",
            "pm set-app-links --package com.example.pkg1 1 d1.example.com", "tap d1", "tap d2",
            "pm set-app-links-allowed --user 0 --package com.example.pkg1 false", "tap d1",
            "pm set-app-links-user-selection --user 0 --package com.example.pkg2 true d1.example.com", "tap d1",
            "pm set-app-links --package com.example.pkg1 1 d1.example.com", "tap d1",
        ])
        #expect(run.landings == [p1, p2, "browser", p2, p2])
    }

    @Test func uninstallWipesAndAFreshInstallStartsWithHandlingAllowed() throws {
        let yaml =
            Self.world(apps: 1) + """
                actions:
                  - pm: set-app-links-allowed --user 0 --package com.example.pkg1 false
                  - pm: set-app-links-user-selection --user 0 --package com.example.pkg1 true d2.example.com
                  - uninstall: com.example.pkg1
                  - install: com.example.pkg1
                  - tap: https://d2.example.com/item

                """
        let result = Simulator.run(try ScenarioLoader.parse(yaml, file: "u.yaml", baseDirectory: nil))
        #expect(result.results.last?.landing?.kind == .browser)
        #expect(result.results[2].trace.contains { $0.rule == Rule.androidApplinksPackageLifecycle.id })
        // Handling is allowed again: a selection made now opens the app.
        let again = try Self.play(
            apps: 1,
            [
                "pm set-app-links-allowed --user 0 --package com.example.pkg1 false",
                "pm set-app-links-allowed --user 0 --package com.example.pkg1 true",
                "pm set-app-links-user-selection --user 0 --package com.example.pkg1 true d2.example.com", "tap d2",
            ])
        #expect(again.landings == [p1])
    }

    @Test func statesThatSurviveAnUpdate() {
        let survivors = DomainVerificationState.names.compactMap(DomainVerificationState.init).filter(\.survivesUpdate)
        #expect(survivors.map(\.description) == ["verified", "approved", "denied", "migrated", "restored"])
        #expect(DomainVerificationState("1026")?.survivesUpdate == false)
        #expect(DomainVerificationState("1023") == nil)
        #expect(DomainVerificationState("STATE_SUCCESS") == .verified)
    }

    @Test func pmCommandsParseAsQAWriteThem() throws {
        let full = try PackageManagerCommand.parse("adb shell pm verify-app-links --re-verify com.example.shop").get()
        #expect(full.verb == .verifyAppLinks && full.reVerify && full.package == "com.example.shop")
        let set = try PackageManagerCommand.parse("pm set-app-links --package com.example.shop 2 a.example.com B.example.com").get()
        #expect(set.state == .approved && set.domains == ["a.example.com", "b.example.com"])
        let all = try PackageManagerCommand.parse("set-app-links --package p 0 all").get()
        #expect(all.state == nil && all.domains == nil)
        guard case .failure(let typo) = PackageManagerCommand.parse("pm verify-app-link p") else {
            Issue.record("a misspelt verb must fail")
            return
        }
        #expect(typo.message.contains("did you mean `verify-app-links`?"))
        guard case .failure(let user) = PackageManagerCommand.parse("pm set-app-links-allowed --user 10 --package p true") else {
            Issue.record("a second user is not modelled")
            return
        }
        #expect(user.message.contains("one user"))
    }

    @Test func pmOnAnIOSScenarioIsRefusedWhereItIsWritten() {
        let yaml = """
            linksim: 1
            name: ios pm
            device: {platform: ios, os: "17.4"}
            apps: [{id: com.example.shop, name: Shop, state: background}]
            actions:
              - pm: verify-app-links com.example.shop
            """
        #expect(throws: InputError.self) { try ScenarioLoader.parse(yaml, file: "i.yaml", baseDirectory: nil) }
        do {
            _ = try ScenarioLoader.parse(yaml, file: "i.yaml", baseDirectory: nil)
        } catch {
            #expect(error.description.contains("i.yaml:6:9: error: `actions[0].pm` is an Android shell command"))
        }
    }
}
