import LinkSimCore

/// The trace pane's rows: one line per step, except the selected step, which is shown whole
/// (its summary wrapped, then its rule ID), so no summary is ever hidden behind a cut.
/// Shared by render, by the layout (the pane grows to fit the selected step) and by mouse clicks.
enum TraceRows {
    enum Kind: Equatable { case head, continuation, rule }

    struct Row: Equatable {
        var step: Int
        var text: String
        var kind: Kind
    }

    /// Columns before the text: the cursor mark and the change mark.
    static let gutter = 2

    static func numberWidth(_ trace: [TraceStep]) -> Int { String(trace.count).count }

    /// The rows of the selected step (at least one).
    static func block(_ trace: [TraceStep], step index: Int, width: Int) -> [Row] {
        guard trace.indices.contains(index) else { return [] }
        let step = trace[index]
        let numberWidth = numberWidth(trace)
        let number = String(index + 1)
        let padded = String(repeating: " ", count: max(0, numberWidth - number.count)) + number
        let indent = String(repeating: " ", count: numberWidth + 1)
        let textWidth = max(1, width - gutter - indent.count)
        let wrapped = TerminalText.wrap("\(step.actor): \(step.summary)", columns: textWidth)
        var rows: [Row] = []
        for (offset, line) in wrapped.enumerated() {
            rows.append(
                Row(
                    step: index, text: (offset == 0 ? padded + " " : indent) + line,
                    kind: offset == 0 ? .head : .continuation))
        }
        if rows.isEmpty { rows.append(Row(step: index, text: padded + " ", kind: .head)) }
        if let rule = step.rule {
            rows.append(Row(step: index, text: indent + "rule " + rule.rawValue, kind: .rule))
        }
        return rows
    }

    static func rows(_ trace: [TraceStep], cursor: Int, width: Int) -> [Row] {
        var rows: [Row] = []
        let numberWidth = numberWidth(trace)
        for (index, step) in trace.enumerated() {
            if index == cursor {
                rows += block(trace, step: index, width: width)
                continue
            }
            let number = String(index + 1)
            let padded = String(repeating: " ", count: max(0, numberWidth - number.count)) + number
            rows.append(Row(step: index, text: "\(padded) \(step.actor): \(step.summary)", kind: .head))
        }
        return rows
    }

    /// Rows the selected step needs (the layout gives the trace pane at least this many).
    static func selectedBlockHeight(_ trace: [TraceStep], cursor: Int, width: Int) -> Int {
        block(trace, step: cursor, width: width).count
    }

    /// First visible row so that the whole selected block is on screen (its head if it is taller).
    static func offset(_ rows: [Row], cursor: Int, visible: Int) -> Int {
        guard visible > 0, let first = rows.firstIndex(where: { $0.step == cursor }) else { return 0 }
        let last = rows.lastIndex(where: { $0.step == cursor }) ?? first
        var top = 0
        if last - top >= visible { top = last - visible + 1 }
        return min(top, first)
    }
}
