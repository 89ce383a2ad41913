import CYaml

/// Builds a `YAMLNode` tree straight from libyaml's parser events (issue #14: replay spent half its
/// time in Yams' `compose` and a fifth converting Yams' node tree). libyaml is the parser Yams drives,
/// fed the same bytes, so events, scalar texts, styles and marks are the ones Yams would see.
///
/// This front end only answers for documents whose tree it can vouch for: one document of scalars,
/// mappings with scalar keys that are all different, and lists. Anything else — a syntax error, an
/// alias, a key that is a list or mapping, two keys with equal text, a second document, more than
/// `YAMLNode.nodeBudget` nodes, deep nesting — is `.fallBack`, and the caller runs the Yams path,
/// which gives the same tree or the same located diagnostic as before. Anchors without aliases
/// change nothing in the tree, and tags are not read (linksim reads every scalar as text).
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
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard phase == 2, builder.open(mapping: event.type == YAML_MAPPING_START_EVENT, at: event.start_mark)
                else { return .fallBack }
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard phase == 2, builder.close() else { return .fallBack }
            default:  // an alias (or an event libyaml does not produce)
                return .fallBack
            }
        }
    }

    private struct Builder {
        let file: String
        var stack: [Frame] = []
        var root: YAMLNode?
        var nodes = 0

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

        mutating func scalar(_ event: yaml_event_t) -> Bool {
            let data = event.data.scalar
            let raw = UnsafeBufferPointer(start: data.value, count: data.length)
            // Yams makes scalars with Foundation's `String(bytes:encoding:)`, which drops a leading
            // byte-order mark (U+FEFF): such a scalar is left to the Yams path.
            if raw.count >= 3, raw[0] == 0xEF, raw[1] == 0xBB, raw[2] == 0xBF { return false }
            // libyaml hands out UTF-8 it has validated (the input is a Swift string; escapes that are
            // not Unicode scalars are syntax errors), so decoding never repairs anything here.
            let text = String(decoding: raw, as: UTF8.self)
            let at = location(event.start_mark)
            if expectsKey {
                guard stack[stack.count - 1].admitKey(text) else { return false }
                stack[stack.count - 1].pendingKey = text
                stack[stack.count - 1].pendingKeyLocation = at
                return true
            }
            let plain = data.style == YAML_PLAIN_SCALAR_STYLE || data.style == YAML_ANY_SCALAR_STYLE
            return add(.scalar(text, plain: plain, at))
        }

        mutating func open(mapping: Bool, at mark: yaml_mark_t) -> Bool {
            guard !expectsKey, stack.count < YAMLEvents.depthLimit else { return false }
            stack.append(Frame(isMapping: mapping, location: location(mark)))
            return true
        }

        mutating func close() -> Bool {
            guard let frame = stack.popLast(), frame.pendingKey == nil else { return false }
            return add(frame.isMapping ? .mapping(frame.entries, frame.location) : .sequence(frame.items, frame.location))
        }

        /// Adds a value, a list item or the root.
        mutating func add(_ node: YAMLNode) -> Bool {
            nodes += 1
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
