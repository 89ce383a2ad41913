import Foundation

/// What a learner has done, by lesson. A plain Codable value: the CLI and the TUI save it (atomically,
/// through LinkSimIO) to `$XDG_STATE_HOME/linksim/progress.json`; the core never touches the disk.
package struct CourseProgress: Codable, Sendable, Equatable {
    package struct LessonRecord: Codable, Sendable, Equatable {
        /// Indexes of the steps completed (sorted, no repeats).
        package var completed: [Int] = []
        /// Predict steps: index → right at the first try.
        package var predictions: [String: Bool] = [:]
        package init() {}
    }

    /// The file format's version.
    package var version = 1
    package var lessons: [String: LessonRecord] = [:]

    package init() {}

    package func record(_ lessonID: String) -> LessonRecord { lessons[lessonID] ?? LessonRecord() }

    package func isDone(_ lesson: Lesson) -> Bool {
        let done = Set(record(lesson.id).completed)
        return lesson.steps.indices.allSatisfy(done.contains)
    }

    package func completedCount(_ lesson: Lesson) -> Int {
        Set(record(lesson.id).completed).intersection(lesson.steps.indices).count
    }

    package mutating func complete(step: Int, of lessonID: String) {
        var record = self.record(lessonID)
        if !record.completed.contains(step) {
            record.completed.append(step)
            record.completed.sort()
        }
        lessons[lessonID] = record
    }

    /// Only the first answer counts for the score.
    package mutating func recordPrediction(step: Int, of lessonID: String, right: Bool) {
        var record = self.record(lessonID)
        if record.predictions[String(step)] == nil { record.predictions[String(step)] = right }
        lessons[lessonID] = record
    }

    /// (right at first try, predictions answered) over the whole course.
    package var score: (right: Int, answered: Int) {
        let all = lessons.values.flatMap(\.predictions.values)
        return (all.filter { $0 }.count, all.count)
    }

    /// Stable JSON (sorted keys), as written to disk.
    package func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else { return "{}\n" }
        return text + "\n"
    }

    package struct DecodeError: Error, CustomStringConvertible {
        package var description: String
    }

    /// Bytes that are a progress file, or were one (any version): empty, or a JSON object with `version` and
    /// `lessons`. Only such a file may be replaced by `--reset`; anything else is someone's other file.
    package static func isProgressFile(_ bytes: [UInt8]) -> Bool {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return true }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return false }
        return object["version"] != nil && object["lessons"] != nil
    }

    package static func decode(_ bytes: [UInt8]) throws(DecodeError) -> CourseProgress {
        do {
            let progress = try JSONDecoder().decode(CourseProgress.self, from: Data(bytes))
            guard progress.version == 1 else { throw DecodeError(description: "progress file version \(progress.version) is not 1") }
            return progress
        } catch let error as DecodeError {
            throw error
        } catch {
            throw DecodeError(description: "not a linksim progress file (expected JSON with `version` and `lessons`)")
        }
    }
}

/// A course: lessons in list order (by area, then as the files are sorted).
package struct Course: Sendable, Equatable {
    package var lessons: [Lesson]
    package init(lessons: [Lesson]) {
        self.lessons = lessons.enumerated().sorted { a, b in
            let ia = LessonArea.allCases.firstIndex(of: a.element.area) ?? 0
            let ib = LessonArea.allCases.firstIndex(of: b.element.area) ?? 0
            return (ia, a.offset) < (ib, b.offset)
        }.map(\.element)
    }
    package func lesson(_ id: String) -> Lesson? { lessons.first { $0.id == id } }
}
