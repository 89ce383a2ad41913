/// Reads the command lines QA paste (`adb shell am start …`, `xcrun simctl openurl …`) into a tap.
package enum QACommandLine {
    package struct Parsed: Equatable, Sendable {
        package var url: String
        package var source: TapSource
        /// adb's package argument (an explicit intent), if any.
        package var package: String?
    }

    /// Parses `adb [-s SERIAL|-d|-e] shell am start [-W] [-a ACTION] [-c CATEGORY] -d URI [-p PKG | PKG]`.
    package static func adb(_ line: String) -> Result<Parsed, InputError> {
        var words = words(line)
        func fail(_ message: String) -> Result<Parsed, InputError> { .failure(InputError(file: "--adb", message)) }
        if words.first == "adb" {
            words.removeFirst()
            while let first = words.first, ["-s", "-d", "-e", "-t"].contains(first) {
                words.removeFirst()
                if first == "-s" || first == "-t", !words.isEmpty { words.removeFirst() }
            }
            guard words.first == "shell" else { return fail("expected `adb shell am start …`, got `\(line)`") }
            words.removeFirst()
        }
        guard words.count >= 2, words[0] == "am", words[1] == "start" || words[1] == "start-activity" else {
            return fail("expected `am start` (as in `adb shell am start -W -a android.intent.action.VIEW -d URL PKG`), got `\(line)`")
        }
        words.removeFirst(2)
        var url: String?
        var package: String?
        var i = 0
        while i < words.count {
            let word = words[i]
            func value() -> String? { i + 1 < words.count ? words[i + 1] : nil }
            switch word {
            case "-W", "-S", "--activity-clear-top", "--activity-new-task", "--activity-single-top":
                i += 1
            case "-a":
                guard let action = value() else { return fail("`-a` needs an action") }
                if action != "android.intent.action.VIEW" {
                    return fail("only VIEW intents are links: `-a android.intent.action.VIEW`, got `-a \(action)`")
                }
                i += 2
            case "-c", "--user", "-f":
                guard value() != nil else { return fail("`\(word)` needs a value") }
                i += 2
            case "-d":
                guard let data = value() else { return fail("`-d` needs the URL") }
                url = data
                i += 2
            case "-p":
                guard let pkg = value() else { return fail("`-p` needs a package") }
                package = pkg
                i += 2
            case "-n":
                return fail("`-n COMPONENT` starts one activity directly, which is not a link tap; name the package instead")
            default:
                if word.hasPrefix("-") { return fail("linksim does not model the am option `\(word)`") }
                if word.contains(":") {
                    url = url ?? word
                } else if word.contains("/") {
                    return fail("`\(word)` is a component (PACKAGE/ACTIVITY), which starts one activity directly; name the package instead")
                } else {
                    package = word
                }
                i += 1
            }
        }
        guard let url else { return fail("no URL: give it with `-d URL`") }
        guard URLParts(url) != nil else { return fail("`\(url)` is not a URL with a scheme") }
        return .success(Parsed(url: url, source: .adb, package: package))
    }

    /// Parses `xcrun simctl openurl DEVICE URL` (DEVICE is usually `booted`).
    package static func simctl(_ line: String) -> Result<Parsed, InputError> {
        var words = words(line)
        if words.first == "xcrun" { words.removeFirst() }
        guard words.count == 4, words[0] == "simctl", words[1] == "openurl" else {
            return .failure(InputError(file: "--simctl", "expected `xcrun simctl openurl booted URL`, got `\(line)`"))
        }
        guard URLParts(words[3]) != nil else { return .failure(InputError(file: "--simctl", "`\(words[3])` is not a URL with a scheme")) }
        return .success(Parsed(url: words[3], source: .simctl, package: nil))
    }

    /// Splits a shell command line into words: whitespace separates, single and double quotes group,
    /// a backslash escapes the next character outside single quotes.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for ch in line {
            if escaped {
                current.append(ch)
                escaped = false
                continue
            }
            if let q = quote {
                if ch == q {
                    quote = nil
                } else if ch == "\\", q == "\"" {
                    escaped = true
                } else {
                    current.append(ch)
                }
                continue
            }
            switch ch {
            case "'", "\"":
                quote = ch
                inWord = true
            case "\\":
                escaped = true
                inWord = true
            case " ", "\t", "\n":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(ch)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
