import LinkSimCore

extension ScreenPainter {
    func paint(_ overlay: Overlay, into grid: inout Grid) {
        switch overlay {
        case .help(let scroll): paintHelp(scroll: scroll, into: &grid)
        case .matrix(let matrix): paintMatrix(matrix, into: &grid)
        case .fix(let state): paintFix(state, into: &grid)
        case .picker(let picker): paintPicker(picker, into: &grid)
        case .editor(let editor, _, let prompt): paintEditor(editor, prompt: prompt, into: &grid)
        case .confirmOverwrite(let path, _): paintConfirm(path: path, into: &grid)
        case .details(let scroll): paintDetails(scroll: scroll, into: &grid)
        }
    }

    func paintDetails(scroll: Int, into grid: inout Grid) {
        let box = DetailsBox.rect(grid.size)
        let rect = dialog(width: box.width, height: box.height, title: "Details — Esc or d closes, / searches", into: &grid)
        let inner = rect.inner
        let lines = model.detailLines(width: DetailsBox.textWidth(grid.size))
        let offset = min(scroll, max(0, lines.count - inner.height))
        for row in 0..<inner.height {
            let index = offset + row
            guard index < lines.count else { break }
            let line = lines[index]
            let isHeading = !line.hasPrefix(" ") && line.contains(":") && !line.isEmpty
            let style =
                line.contains("FAILED") || line.hasPrefix("  • ") && line.contains("expected")
                ? theme.error
                : isHeading ? theme.paneTitle : theme.text
            grid.put(line, x: inner.x + 1, y: inner.y + row, maxWidth: inner.width - 2, style: style)
        }
        if offset > 0 { grid.put("↑ more", x: rect.maxX - 9, y: rect.y, style: theme.secondary) }
        if offset + inner.height < lines.count {
            grid.put("↓ more (j)", x: rect.maxX - 12, y: rect.maxY - 1, style: theme.secondary)
        }
    }

    /// A cleared, framed box centred on the screen.
    func dialog(width: Int, height: Int, title: String, into grid: inout Grid) -> Rect {
        let w = min(width, grid.size.width - 2)
        let h = min(height, grid.size.height - 2)
        let rect = Rect(x: (grid.size.width - w) / 2, y: max(1, (grid.size.height - h) / 2), width: w, height: h)
        // Clear a one-cell margin too, so the dialog's frame does not run into the panes' frames.
        grid.fill(Rect(x: rect.x - 1, y: rect.y - 1, width: rect.width + 2, height: rect.height + 2))
        grid.box(rect, title: title, style: theme.focusedBorder, titleStyle: theme.focusedPaneTitle)
        return rect
    }

    func paintHelp(scroll: Int, into grid: inout Grid) {
        let rect = dialog(
            width: Keymap.helpBoxWidth(screenWidth: grid.size.width), height: grid.size.height - 2, title: "Keys — Esc or ? closes",
            into: &grid)
        let inner = rect.inner
        let lines = Keymap.helpLines(columns: inner.width - 2)
        let offset = min(scroll, max(0, lines.count - inner.height))
        for row in 0..<inner.height {
            let index = offset + row
            guard index < lines.count else { break }
            let line = lines[index]
            let isHeading = !line.hasPrefix(" ") && !line.isEmpty
            grid.put(
                line, x: inner.x + 1, y: inner.y + row, maxWidth: inner.width - 2,
                style: isHeading ? theme.section : theme.text)
        }
        if offset > 0 { grid.put("↑ more", x: rect.maxX - 9, y: rect.y, style: theme.secondary) }
        if offset + inner.height < lines.count {
            grid.put("↓ more (j)", x: rect.maxX - 12, y: rect.maxY - 1, style: theme.secondary)
        }
    }

    func paintMatrix(_ matrix: MatrixState, into grid: inout Grid) {
        let rowLabelWidth = max(12, (matrix.rowLabels.map { TerminalText.width($0) }.max() ?? 0) + 2)
        let cellWidth = 9
        let wanted = rowLabelWidth + cellWidth * matrix.columnLabels.count + 4
        let height = matrix.rowLabels.count + 6
        let rect = dialog(width: wanted, height: height, title: "Matrix — \(matrix.title)", into: &grid)
        let inner = rect.inner
        let x0 = inner.x + 1
        let visibleColumns = max(1, (inner.width - 2 - rowLabelWidth) / cellWidth)
        let firstColumn = Layout.scrollOffset(cursor: matrix.column, visible: visibleColumns)
        let visibleRows = max(1, inner.height - 4)
        let firstRow = Layout.scrollOffset(cursor: matrix.row, visible: visibleRows)
        // Header: where the tap happens.
        grid.put(matrix.rowAxis == .osVersion ? "OS \\ from" : "state \\ from", x: x0, y: inner.y, style: theme.secondary)
        for column in firstColumn..<min(matrix.columnLabels.count, firstColumn + visibleColumns) {
            let x = x0 + rowLabelWidth + (column - firstColumn) * cellWidth
            let style = column == matrix.column ? theme.paneTitle : theme.secondary
            grid.put(LandingText.shortSource(matrix.columnLabels[column]), x: x, y: inner.y, maxWidth: cellWidth - 1, style: style)
        }
        for row in firstRow..<min(matrix.rowLabels.count, firstRow + visibleRows) {
            let y = inner.y + 1 + row - firstRow
            let marker = row == matrix.row ? "▸" : " "
            grid.put(
                marker + matrix.rowLabels[row], x: x0 - 1, y: y, maxWidth: rowLabelWidth,
                style: row == matrix.row ? theme.paneTitle : theme.text)
            for column in firstColumn..<min(matrix.columnLabels.count, firstColumn + visibleColumns) {
                let x = x0 + rowLabelWidth + (column - firstColumn) * cellWidth
                let landing =
                    matrix.cells.indices.contains(row) && matrix.cells[row].indices.contains(column)
                    ? matrix.cells[row][column] : nil
                var style = theme.landing(landing?.kind)
                if row == matrix.row, column == matrix.column { style = theme.cursor }
                let assumed =
                    matrix.assumed.indices.contains(row) && matrix.assumed[row].indices.contains(column)
                    && matrix.assumed[row][column]
                let text = LandingText.short(landing) + (assumed ? "≈" : "")
                let padded = text + String(repeating: " ", count: max(0, cellWidth - 1 - TerminalText.width(text)))
                grid.put(padded, x: x, y: y, maxWidth: cellWidth - 1, style: style)
            }
        }
        if firstColumn > 0 { grid.put("◂", x: x0 + rowLabelWidth - 2, y: inner.y, style: theme.secondary) }
        if firstColumn + visibleColumns < matrix.columnLabels.count {
            grid.put("▸", x: inner.maxX - 1, y: inner.y, style: theme.secondary)
        }
        // The selected cell in words, then the keys.
        let detailY = inner.maxY - 3
        let rowLabel = matrix.rowLabels.indices.contains(matrix.row) ? matrix.rowLabels[matrix.row] : ""
        let columnLabel = matrix.columnLabels.indices.contains(matrix.column) ? matrix.columnLabels[matrix.column] : ""
        let selected =
            matrix.cells.indices.contains(matrix.row) && matrix.cells[matrix.row].indices.contains(matrix.column)
            ? matrix.cells[matrix.row][matrix.column] : nil
        let selectedAssumed =
            matrix.assumed.indices.contains(matrix.row) && matrix.assumed[matrix.row].indices.contains(matrix.column)
            && matrix.assumed[matrix.row][matrix.column]
        let detail =
            selected.map { "\(LandingText.label($0.kind))\(selectedAssumed ? " ≈ASSUMED" : "") \(LandingText.headline($0))" }
            ?? "no landing (no result from the simulator)"
        grid.put(
            "\(rowLabel) × \(columnLabel): \(detail)", x: x0, y: detailY, maxWidth: inner.width - 2,
            style: theme.landing(selected?.kind))
        let legend = "app·UL universal link  app·AL App Link  app·sch scheme  web browser  ≈ rests on an assumption  · no result"
        let shortLegend = "UL universal link  AL App Link  sch scheme  web browser  ≈ assumed  · none"
        grid.put(
            TerminalText.width(legend) <= inner.width - 2 ? legend : shortLegend,
            x: x0, y: detailY + 1, maxWidth: inner.width - 2, style: theme.secondary)
        grid.put(
            "←→↑↓ move  Enter jump there  Tab other grid  Esc close", x: x0, y: detailY + 2,
            maxWidth: inner.width - 2, style: theme.secondary)
    }

    func paintPicker(_ picker: PickerState, into grid: inout Grid) {
        let rect = dialog(
            width: 70, height: min(grid.size.height - 4, picker.files.count + 4),
            title: "Open scenario — \(picker.directory)/", into: &grid)
        let inner = rect.inner
        if picker.files.isEmpty {
            grid.put("no .yaml/.yml files here", x: inner.x + 1, y: inner.y, style: theme.secondary)
            return
        }
        let offset = Layout.scrollOffset(cursor: picker.cursor, visible: inner.height)
        for row in 0..<inner.height {
            let index = offset + row
            guard index < picker.files.count else { break }
            let style = index == picker.cursor ? theme.cursor : theme.text
            if index == picker.cursor { grid.fill(Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1), style: style) }
            grid.put(" " + picker.files[index], x: inner.x, y: inner.y + row, maxWidth: inner.width, style: style)
        }
    }

    func paintEditor(_ editor: LineEditor, prompt: String, into grid: inout Grid) {
        // A prompt too long for the title keeps its head there ("Add action 2") and shows the rest under the field.
        let width = min(100, grid.size.width - 4)
        var title = prompt
        var rest: String?
        if TerminalText.width(prompt) > width - 6, let dash = prompt.range(of: " — ") {
            title = String(prompt[..<dash.lowerBound])
            rest = String(prompt[dash.upperBound...])
        }
        let rect = dialog(width: width, height: 5, title: title, into: &grid)
        let inner = rect.inner
        if let rest { grid.put(TerminalText.truncate(rest, to: inner.width - 2), x: inner.x + 1, y: inner.y + 1, style: theme.secondary) }
        let fieldWidth = inner.width - 2
        // Scroll the text horizontally so the cursor stays visible.
        let start = max(0, editor.cursor - fieldWidth + 1)
        let visible = String(editor.text.dropFirst(start).prefix(fieldWidth))
        grid.put(visible, x: inner.x + 1, y: inner.y, maxWidth: fieldWidth, style: theme.text)
        let cursorX = inner.x + 1 + TerminalText.width(String(editor.text[start..<min(editor.cursor, editor.text.count)]))
        if cursorX < inner.maxX {
            let under = editor.cursor < editor.text.count ? String(editor.text[editor.cursor]) : " "
            grid.put(under, x: cursorX, y: inner.y, maxWidth: 2, style: theme.cursor)
        }
        grid.put("Enter accept  Esc cancel  Ctrl-U erase to start", x: inner.x + 1, y: inner.y + 2, style: theme.secondary)
    }

    func paintConfirm(path: String, into grid: inout Grid) {
        let rect = dialog(width: max(50, TerminalText.width(path) + 6), height: 6, title: "File exists", into: &grid)
        let inner = rect.inner
        grid.put(TerminalText.truncate(path, to: inner.width - 2), x: inner.x + 1, y: inner.y, style: theme.paneTitle)
        grid.put("already exists. Overwrite it?", x: inner.x + 1, y: inner.y + 1, maxWidth: inner.width - 2, style: theme.text)
        grid.put("y overwrite  n keep it", x: inner.x + 1, y: inner.y + 3, style: theme.secondary)
    }
}
