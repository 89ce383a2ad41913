/// Where each part of the main screen goes for a terminal size. Shared by `render` and by mouse
/// hit-testing in `update`, so a click always lands on the pane that was drawn there.
package struct Layout: Sendable, Equatable {
    package static let minimum = Size(width: 80, height: 24)

    package let size: Size
    package let title: Rect
    package let landing: Rect
    package let device: Rect
    package let links: Rect
    package let trace: Rect
    package let why: Rect
    package let statusLine: Rect
    /// The pane zoomed to the whole screen (`z`), if any; the other panes then have no room.
    package let zoom: Pane?

    package static func isTooSmall(_ size: Size) -> Bool {
        size.width < minimum.width || size.height < minimum.height
    }

    /// The device pane's width: what its knobs need, between 32 columns and two fifths of the
    /// screen, so the trace gets the rest (it holds the "why", the product).
    static func deviceWidth(size: Size, deviceContent: Int?) -> Int {
        guard let deviceContent else { return min(60, max(36, size.width * 9 / 20)) }
        return min(max(32, size.width * 2 / 5), max(32, deviceContent + 2))
    }

    /// The inner width of the trace pane for a size (used before the layout exists).
    package static func traceInnerWidth(size: Size, deviceContent: Int?) -> Int {
        max(0, size.width - deviceWidth(size: size, deviceContent: deviceContent) - 2)
    }

    /// `deviceContent`: the device pane's widest row; `traceRows`: the rows the selected trace step
    /// needs when expanded (the trace pane grows to show it whole, down to a 3-row why pane);
    /// `statusHeight`: the rows the status message takes (a long one wraps onto rows of its own,
    /// which the panes give up, so it is never drawn over a pane's border).
    package init(
        size: Size, linkCount: Int = 6, deviceContent: Int? = nil, traceRows: Int? = nil, zoom: Pane? = nil,
        statusHeight: Int = 1
    ) {
        self.size = size
        self.zoom = zoom
        title = Rect(x: 0, y: 0, width: size.width, height: 1)
        let statusHeight = max(1, min(StatusMessage.maximumLines, statusHeight))
        statusLine = Rect(x: 0, y: size.height - statusHeight, width: size.width, height: statusHeight)
        if let zoom {
            let full = Rect(x: 0, y: 1, width: size.width, height: max(0, statusLine.y - 1))
            let none = Rect(x: 0, y: 0, width: 0, height: 0)
            landing = none
            device = zoom == .device ? full : none
            links = zoom == .links ? full : none
            trace = zoom == .trace ? full : none
            why = zoom == .why ? full : none
            return
        }
        landing = Rect(x: 0, y: 1, width: size.width, height: 4)
        let bodyTop = landing.maxY
        let bodyHeight = max(0, statusLine.y - bodyTop)
        let deviceWidth = Layout.deviceWidth(size: size, deviceContent: deviceContent)
        device = Rect(x: 0, y: bodyTop, width: deviceWidth, height: bodyHeight)
        let rightX = deviceWidth
        let rightWidth = size.width - deviceWidth
        let linksHeight = min(max(4, linkCount + 2), max(4, bodyHeight / 3))
        links = Rect(x: rightX, y: bodyTop, width: rightWidth, height: linksHeight)
        let rest = bodyHeight - linksHeight
        var traceHeight = max(4, rest * 11 / 20)
        if let traceRows {
            // Grow (never shrink) so the selected step shows whole, with one step of context.
            traceHeight = max(traceHeight, min(rest - 3, traceRows + 3))
        }
        trace = Rect(x: rightX, y: links.maxY, width: rightWidth, height: traceHeight)
        why = Rect(x: rightX, y: trace.maxY, width: rightWidth, height: max(0, rest - traceHeight))
    }

    package func rect(of pane: Pane) -> Rect {
        switch pane {
        case .device: return device
        case .links: return links
        case .trace: return trace
        case .why: return why
        }
    }

    /// First visible row of a list so that `cursor` stays on screen.
    package static func scrollOffset(cursor: Int, visible: Int) -> Int {
        guard visible > 0 else { return 0 }
        return cursor < visible ? 0 : cursor - visible + 1
    }
}
