/// The host keys of issue #18 (items 6 and 8): `app_clip`, `fallback_pages`, `tls`.
extension ScenarioWriter {
    /// Writes them for a `web:` host (when set) or a `serve:` change (when named); true when it wrote any.
    static func writeHostExtras(_ entry: WebHost, keys: [String]?, indent inner: Int, to out: inout YAMLLines) -> Bool {
        func wants(_ key: String) -> Bool { keys?.contains(key) ?? true }
        var wrote = false
        if wants("app_clip"), let clip = entry.appClip {
            let paths = clip.paths.map { quote($0) }.joined(separator: ", ")
            out.line(inner, "app_clip: {parent: \(quote(clip.parent)), clip: \(quote(clip.clip)), paths: [\(paths)]}")
            wrote = true
        }
        if wants("fallback_pages"), keys?.contains("fallback_pages") == true || !entry.fallbackPages.isEmpty {
            let pairs = entry.fallbackPages.map { page in
                "\(quote(page.pattern)): {try: \(quote(page.tryURL)), fallback: \(quote(page.fallback)), timer_ms: \(page.timerMs), prompt_answer_ms: \(page.promptAnswerMs), switch_ms: \(page.switchMs)}"
            }
            out.line(inner, "fallback_pages: {\(pairs.joined(separator: ", "))}")
            wrote = true
        }
        if wants("tls"), keys?.contains("tls") == true || entry.tls != .valid {
            out.line(inner, "tls: \(entry.tls.rawValue)")
            wrote = true
        }
        return wrote
    }
}
