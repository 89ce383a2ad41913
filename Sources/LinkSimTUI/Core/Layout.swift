/// Where each part of the main screen goes for a terminal size. Shared by `render` and by mouse
/// hit-testing in `update`, so a click always lands on the pane that was drawn there.
public struct Layout: Sendable, Equatable {
    public static let minimum = Size(width: 80, height: 24)

    public let size: Size
    public let title: Rect
    public let landing: Rect
    public let device: Rect
    public let links: Rect
    public let trace: Rect
    public let why: Rect
    public let statusLine: Rect

    public static func isTooSmall(_ size: Size) -> Bool {
        size.width < minimum.width || size.height < minimum.height
    }

    public init(size: Size, linkCount: Int = 6) {
        self.size = size
        title = Rect(x: 0, y: 0, width: size.width, height: 1)
        landing = Rect(x: 0, y: 1, width: size.width, height: 4)
        statusLine = Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
        let bodyTop = landing.maxY
        let bodyHeight = max(0, statusLine.y - bodyTop)
        let deviceWidth = min(60, max(36, size.width * 9 / 20))
        device = Rect(x: 0, y: bodyTop, width: deviceWidth, height: bodyHeight)
        let rightX = deviceWidth
        let rightWidth = size.width - deviceWidth
        let linksHeight = min(max(4, linkCount + 2), max(4, bodyHeight / 3))
        links = Rect(x: rightX, y: bodyTop, width: rightWidth, height: linksHeight)
        let rest = bodyHeight - linksHeight
        let traceHeight = max(4, rest * 11 / 20)
        trace = Rect(x: rightX, y: links.maxY, width: rightWidth, height: traceHeight)
        why = Rect(x: rightX, y: trace.maxY, width: rightWidth, height: max(0, rest - traceHeight))
    }

    public func rect(of pane: Pane) -> Rect {
        switch pane {
        case .device: return device
        case .links: return links
        case .trace: return trace
        case .why: return why
        }
    }

    /// First visible row of a list so that `cursor` stays on screen.
    public static func scrollOffset(cursor: Int, visible: Int) -> Int {
        guard visible > 0 else { return 0 }
        return cursor < visible ? 0 : cursor - visible + 1
    }
}
