import CYaml

/// Builds a `YAMLNode` tree straight from libyaml's parser events (issue #14: replay spent half its
/// time in Yams' `compose` and a fifth converting Yams' node tree). libyaml is the parser Yams drives,
/// fed the same bytes, so events, scalar texts, styles and marks are the ones Yams would see.
///
/// This front end only answers for documents whose tree it can vouch for: one document of scalars,
/// mappings with scalar keys that are all different, lists, and aliases of anchors defined before them
/// (an alias stands for a copy of its anchor's node, locations included, as Yams gives the same node
/// again). Anything else — a syntax error, an alias of an unknown anchor or in key position, a key that
/// is a list or mapping, two keys with equal text, a second document, more than `YAMLNode.nodeBudget`
/// nodes once aliases are followed, deep nesting — is `.fallBack`, and the caller runs the Yams path,
/// which gives the same tree or the same located diagnostic as before. Tags are not read (linksim reads
/// every scalar as text).
///
/// One difference from Yams, on purpose: a scalar that starts with U+FEFF keeps it. Yams makes scalars
/// with Foundation's `String(bytes:encoding:)`, which drops a leading byte-order mark, so `name:
/// "\uFEFFab"` would load as `ab`: a value changed without a word. A byte-order mark at the start of the
/// file is still not part of the text (`ScenarioLoader`, and libyaml skips one at a line's start).
/// Which front end reads scenario YAML. `.subset` (the default): `YAMLSubsetReader` for the subset it reads,
/// libyaml's events for the rest, and Yams for what those leave; `.events`: libyaml's events, then Yams;
/// `.yams`: Yams' `compose` and the conversion of its node tree. All three give the same tree or the same
/// diagnostic; the others are kept for the differential tests and the benchmark's comparison.
package enum YAMLFrontEnd: Sendable { case subset, events, yams }

enum YAMLEvents {
    enum Outcome {
        /// The stream holds no document (Yams' `compose` returns nil).
        case empty
        case tree(YAMLNode)
        /// The Yams path must decide.
        case fallBack
    }

    /// Nesting deeper than this is left to the Yams path, so its behaviour there stays what it was.
    static let depthLimit = 512

    private struct Frame {
        var isMapping: Bool
        var location: SourceLocation
        var entries: [YAMLNode.Entry] = []
        var items: [YAMLNode] = []
        var pendingKey: String?
        var pendingKeyLocation: SourceLocation?
        var keys = KeySet()
        /// The anchor (`&name`) this collection defines, and the node count when it opened.
        var anchor: String?
        var nodesBefore = 0

        /// false when a key with equal text (Swift's `==`, as Yams' duplicate check) came before.
        mutating func admitKey(_ key: String) -> Bool { keys.admit(key, among: entries) }
    }

    static func parse(_ text: String, file: String) -> Outcome {
        var text = text
        return text.withUTF8 { bytes in parse(bytes: bytes, file: file) }
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>, file: String) -> Outcome {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return .fallBack }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
        var builder = Builder(file: file)
        var event = yaml_event_t()
        var phase = 0  // 0: before the stream, 1: before the document, 2: in it, 3: after it
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else { return .fallBack }
            defer { yaml_event_delete(&event) }
            switch event.type {
            case YAML_STREAM_START_EVENT:
                guard phase == 0 else { return .fallBack }
                phase = 1
            case YAML_STREAM_END_EVENT:
                if phase == 1 { return .empty }
                guard phase == 3, let root = builder.root else { return .fallBack }
                return .tree(root)
            case YAML_DOCUMENT_START_EVENT:
                guard phase == 1 else { return .fallBack }  // a second document: Yams refuses it
                phase = 2
            case YAML_DOCUMENT_END_EVENT:
                guard phase == 2, builder.root != nil else { return .fallBack }
                phase = 3
            case YAML_SCALAR_EVENT:
                guard phase == 2, builder.scalar(event) else { return .fallBack }
            case YAML_SEQUENCE_START_EVENT:
                let anchor = event.data.sequence_start.anchor
                guard phase == 2, builder.open(mapping: false, anchor: anchor, at: event.start_mark) else { return .fallBack }
            case YAML_MAPPING_START_EVENT:
                let anchor = event.data.mapping_start.anchor
                guard phase == 2, builder.open(mapping: true, anchor: anchor, at: event.start_mark) else { return .fallBack }
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard phase == 2, builder.close() else { return .fallBack }
            case YAML_ALIAS_EVENT:
                guard phase == 2, builder.alias(event.data.alias.anchor) else { return .fallBack }
            default:  // an event libyaml does not produce
                return .fallBack
            }
        }
    }

    private struct Builder {
        let file: String
        var stack: [Frame] = []
        var root: YAMLNode?
        /// Nodes so far, aliases counted at their anchor's size (the Yams path's budget, keys outside it).
        var nodes = 0
        /// Each anchor's latest node and its size (a later `&name` replaces an earlier one, as in Yams).
        var anchors: [String: (node: YAMLNode, size: Int)] = [:]

        init(file: String) { self.file = file }

        func location(_ mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        }

        /// Whether the next node is a mapping key (the Yams path counts keys outside the budget).
        var expectsKey: Bool {
            // By index: `stack.last` would copy the frame (its entries and keys) for every scalar.
            guard !stack.isEmpty else { return false }
            return stack[stack.count - 1].isMapping && stack[stack.count - 1].pendingKey == nil
        }

        static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            guard let anchor else { return nil }
            return String(cString: anchor)
        }

        mutating func scalar(_ event: yaml_event_t) -> Bool {
            let data = event.data.scalar
            let raw = UnsafeBufferPointer(start: data.value, count: data.length)
            // libyaml hands out UTF-8 it has validated (the input is a Swift string; escapes that are
            // not Unicode scalars are syntax errors), so decoding never repairs anything here; a leading
            // U+FEFF is kept (see above).
            let text = String(decoding: raw, as: UTF8.self)
            let at = location(event.start_mark)
            let plain = data.style == YAML_PLAIN_SCALAR_STYLE || data.style == YAML_ANY_SCALAR_STYLE
            if let anchor = Self.name(data.anchor) { anchors[anchor] = (.scalar(text, plain: plain, at), 1) }
            if expectsKey { return key(text, at: at) }
            return add(.scalar(text, plain: plain, at), counting: 1)
        }

        mutating func key(_ text: String, at: SourceLocation) -> Bool {
            guard stack[stack.count - 1].admitKey(text) else { return false }
            stack[stack.count - 1].pendingKey = text
            stack[stack.count - 1].pendingKeyLocation = at
            return true
        }

        /// `*name`: a copy of the anchor's node. In key position it is left to the Yams path (the loader
        /// refuses alias keys before any front end runs).
        mutating func alias(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> Bool {
            guard let name = Self.name(anchor), let (node, size) = anchors[name], !expectsKey else { return false }
            return add(node, counting: size)
        }

        mutating func open(mapping: Bool, anchor: UnsafeMutablePointer<yaml_char_t>?, at mark: yaml_mark_t) -> Bool {
            guard !expectsKey, stack.count < YAMLEvents.depthLimit else { return false }
            stack.append(Frame(isMapping: mapping, location: location(mark), anchor: Self.name(anchor), nodesBefore: nodes))
            return true
        }

        mutating func close() -> Bool {
            guard let frame = stack.popLast(), frame.pendingKey == nil else { return false }
            let node: YAMLNode = frame.isMapping ? .mapping(frame.entries, frame.location) : .sequence(frame.items, frame.location)
            if let anchor = frame.anchor { anchors[anchor] = (node, nodes - frame.nodesBefore + 1) }
            return add(node, counting: 1)  // its children are counted already
        }

        /// Adds a value, a list item or the root, counting `count` more nodes (an alias: all its anchor's).
        mutating func add(_ node: YAMLNode, counting count: Int) -> Bool {
            nodes += count
            guard nodes <= YAMLNode.nodeBudget else { return false }
            guard !stack.isEmpty else {
                guard root == nil else { return false }
                root = node
                return true
            }
            let top = stack.count - 1
            if stack[top].isMapping {
                guard let key = stack[top].pendingKey, let keyLocation = stack[top].pendingKeyLocation else { return false }
                stack[top].entries.append(YAMLNode.Entry(key: key, keyLocation: keyLocation, value: node))
                stack[top].pendingKey = nil
                stack[top].pendingKeyLocation = nil
            } else {
                stack[top].items.append(node)
            }
            return true
        }
    }
}
