import Foundation
import Testing

/// `linksim learn` without a terminal: --list (text and JSON), --reset, --pack, --progress, and
/// the errors a user can make. `validate` checks lesson files.
@Suite struct LearnCommandTests {
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linksim-learn-cli-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func listAsJSONHasEveryLessonWithItsKeys() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = try BinaryRunner.run(["learn", "--list", "--format", "json", "--progress", dir.appendingPathComponent("p.json").path])
        #expect(output.status == 0, "\(output.stderr)")
        let data = Data(output.stdout.utf8)
        let items = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(items.count >= 15)
        for item in items {
            #expect(item["id"] is String && item["title"] is String && item["area"] is String)
            #expect((item["steps"] as? Int ?? 0) >= 1)
            #expect(item["done"] as? Bool == false)
        }
        let areas = Set(items.compactMap { $0["area"] as? String })
        #expect(areas == ["custom_schemes", "universal_links", "app_links", "delivery", "deferred", "chains", "myths"])
        // --list does not create a progress file.
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("p.json").path))
    }

    @Test func listShowsProgressFromTheStateFileAndResetClearsIt() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state")
        let progress = state.appendingPathComponent("linksim/progress.json")
        try FileManager.default.createDirectory(at: progress.deletingLastPathComponent(), withIntermediateDirectories: true)
        try #"{"version": 1, "lessons": {"custom-schemes": {"completed": [0, 1, 2], "predictions": {"1": true, "2": false}}}}"#
            .write(to: progress, atomically: true, encoding: .utf8)
        let env = ["XDG_STATE_HOME": state.path]
        let list = try BinaryRunner.run(["learn", "--list"], environment: env)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("✓ custom-schemes"))
        #expect(list.stdout.contains("3/3"))
        #expect(list.stdout.contains("1 of "))
        #expect(list.stdout.contains("predictions right at the first try: 1 of 2"))
        let reset = try BinaryRunner.run(["learn", "--reset"], environment: env)
        #expect(reset.status == 0)
        #expect(reset.stdout.contains(progress.path))
        let after = try BinaryRunner.run(["learn", "--list", "--format", "json"], environment: env)
        #expect(!after.stdout.contains("\"done\": true"))
        #expect(try String(contentsOf: progress, encoding: .utf8).contains("\"lessons\" : {"))
    }

    @Test func errorsAreClear() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let progress = dir.appendingPathComponent("p.json").path
        // A lesson id with a typo: usage error with a suggestion.
        let typo = try BinaryRunner.run(["learn", "cold-start-handlr", "--list", "--progress", progress])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("did you mean `cold-start-handler`?"))
        // No terminal: the course cannot open, --list is suggested.
        let noTTY = try BinaryRunner.run(["learn", "--progress", progress])
        #expect(noTTY.status == 64)
        #expect(noTTY.stderr.contains("--list"))
        // A damaged progress file is reported, never overwritten.
        try "{not json".write(toFile: progress, atomically: true, encoding: .utf8)
        let damaged = try BinaryRunner.run(["learn", "--list", "--progress", progress])
        #expect(damaged.status == 65)
        #expect(damaged.stderr.contains("not a linksim progress file"))
        #expect(try String(contentsOfFile: progress, encoding: .utf8) == "{not json")
    }

    @Test func aTeamPackIsLearnedAndValidated() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let lesson = """
            lesson: 1
            id: our-scheme
            title: Our app's scheme
            area: custom_schemes
            summary: The links our support team sends.
            steps:
              - kind: predict
                text: Where does acme://orders open when the app is missing?
                world:
                  linksim: 1
                  name: acme without the app
                  device: {platform: ios, os: "17.4"}
                  actions:
                    - {tap: "acme://orders", from: safari}
                action: 1
                answer: ANSWER
            """
        let file = dir.appendingPathComponent("ours.lesson")
        try lesson.replacingOccurrences(of: "ANSWER", with: "6").write(to: file, atomically: true, encoding: .utf8)
        let list = try BinaryRunner.run(["learn", "--pack", dir.path, "--list", "--progress", dir.appendingPathComponent("p.json").path])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("our-scheme"))
        #expect(!list.stdout.contains("cold-start-handler"), "--pack replaces the built-in course")
        let ok = try BinaryRunner.run(["validate", file.path])
        #expect(ok.status == 0)
        #expect(ok.stdout.contains("ours.lesson: ok (lesson)"))
        // An answer the engine disagrees with fails validation, located in the file.
        try lesson.replacingOccurrences(of: "ANSWER", with: "1").write(to: file, atomically: true, encoding: .utf8)
        let drift = try BinaryRunner.run(["validate", dir.path])
        #expect(drift.status == 65)
        #expect(drift.stderr.contains("ours.lesson:7:5: error: steps[0] (predict): `answer` is 1 (app), but the engine says error"), "\(drift.stderr)")
        // A pack with a broken lesson is bad input.
        try "lesson: 1\nid: x\n".write(to: file, atomically: true, encoding: .utf8)
        let broken = try BinaryRunner.run(["learn", "--pack", dir.path, "--list"])
        #expect(broken.status == 65)
        #expect(broken.stderr.contains("missing required key `title`"))
    }

    @Test func replayAndValidateOfTheLibraryKeepLessonsApart() throws {
        let validate = try BinaryRunner.run(["validate", "scenarios/lessons"])
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stdout.split(separator: "\n").filter { $0.hasSuffix("ok (lesson)") }.count >= 15)
        let replay = try BinaryRunner.run(["replay", "scenarios/lessons"])
        #expect(replay.status == 65, "lessons are not scenarios: replay finds no *.yaml there")
    }
}
