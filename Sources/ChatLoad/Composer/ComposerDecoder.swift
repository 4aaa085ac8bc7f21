import ChatModel
import ChatSupport
/// Reads the conversation's optional `composer` object, reporting every problem with its JSON
/// path (`composer.attachments[2].upload.progress`) through the loader's ``JSONReader``.
///
/// The rules match `#/$defs/composer` in `schemas/conversation.schema.json`.
package enum ComposerDecoder {
    static let types = ["attachment", "model", "dictation"]

    /// The composer, nil when the member is absent or `null` (or after reporting why it is wrong).
    static func decode(_ node: JSONNode?, path: String = "composer", reader: inout JSONReader) -> ComposerState? {
        guard let node else { return nil }
        if case .null = node.value { return nil }
        guard reader.object(node, path: path, expected: "a composer object with \"type\"") != nil else { return nil }
        let typePath = JSONReader.join(path, "type")
        guard let typeNode = node["type"] else {
            reader.error("missing required field \"type\"; expected \"attachment\", \"model\" or \"dictation\"", at: node, path: typePath)
            return nil
        }
        guard case .string(let type) = typeNode.value, types.contains(type) else {
            reader.error("expected \"attachment\", \"model\" or \"dictation\", found \(found(typeNode))", at: typeNode, path: typePath)
            return nil
        }
        let fields = Fields(node: node, path: path)
        let before = reader.diagnostics.filter { $0.severity == .error }.count
        let state: ComposerState?
        switch type {
        case "attachment": state = attachment(fields, reader: &reader).map(ComposerState.attachment)
        case "model": state = model(fields, reader: &reader).map(ComposerState.model)
        default: state = dictation(fields, reader: &reader).map(ComposerState.dictation)
        }
        return reader.diagnostics.filter { $0.severity == .error }.count == before ? state : nil
    }

    // MARK: The three cards

    private static func attachment(_ f: Fields, reader: inout JSONReader) -> AttachmentComposerState? {
        var state = AttachmentComposerState()
        state.text = f.string("text", reader: &reader) ?? ""
        state.placeholder = f.string("placeholder", reader: &reader) ?? AttachmentComposerState.defaultPlaceholder
        if let limit = f.node("characterLimit") {
            if case .null = limit.value {
                state.characterLimit = nil
            } else {
                state.characterLimit = f.integer("characterLimit", min: 1, reader: &reader) ?? AttachmentComposerState.defaultCharacterLimit
            }
        }
        state.maxAttachments = f.integer("maxAttachments", min: 1, reader: &reader) ?? AttachmentComposerState.defaultMaxAttachments
        state.hasCamera = f.bool("hasCamera", reader: &reader) ?? false
        state.menuOpen = f.bool("menuOpen", reader: &reader) ?? false
        state.sending = f.bool("sending", reader: &reader) ?? false
        state.error = f.string("error", reader: &reader)
        state.focused = f.bool("focused", reader: &reader) ?? false
        if let list = f.array("attachments", reader: &reader) {
            var seen: [String: Int] = [:]
            for (index, element) in list.enumerated() {
                let itemPath = JSONReader.join(JSONReader.join(f.path, "attachments"), index)
                if let item = trayItem(element, path: itemPath, reader: &reader) { state.attachments.append(item) }
                if let idNode = element["id"], case .string(let id) = idNode.value, !id.isEmpty {
                    if let first = seen[id] {
                        reader.error(
                            "duplicate attachment id \(JSONReader.quote(id)); attachments[\(first)] has it too; expected ids to be unique", at: idNode,
                            path: JSONReader.join(itemPath, "id"))
                    } else {
                        seen[id] = index
                    }
                }
            }
        }
        return state
    }

    /// The messages' attachment shape, plus `"upload": "loading"` for a photo whose bytes are coming.
    private static func trayItem(_ node: JSONNode, path: String, reader: inout JSONReader) -> AttachmentComposerState.TrayItem? {
        var isLoading = false
        var node = node
        if case .object(var members) = node.value, let index = members.firstIndex(where: { $0.key == "upload" }) {
            let upload = members[index].node
            let isLoadingWord: Bool
            switch upload.value {
            case .string("loading"): isLoadingWord = true
            case .object: if case .string("loading")? = upload["state"]?.value { isLoadingWord = true } else { isLoadingWord = false }
            default: isLoadingWord = false
            }
            if isLoadingWord {
                isLoading = true
                members.remove(at: index)
                node.value = .object(members)
            } else if case .string(let word) = upload.value, word != "done" {
                reader.error(
                    "expected \"done\", \"loading\", {\"state\": \"uploading\", \"progress\": 0…1} or {\"state\": \"failed\", \"reason\": \"…\"}, found \(JSONReader.quote(word))",
                    at: upload, path: JSONReader.join(path, "upload"))
                return nil
            } else if case .object = upload.value, case .string(let state)? = upload["state"]?.value, !["done", "uploading", "failed"].contains(state) {
                reader.error(
                    "expected state \"loading\", \"uploading\", \"failed\" or \"done\", found \(JSONReader.quote(state))", at: upload["state"],
                    path: JSONReader.join(JSONReader.join(path, "upload"), "state"))
                return nil
            }
        }
        guard let attachment = ConversationLoader.decodeAttachment(node, path: path, reader: &reader) else { return nil }
        return AttachmentComposerState.TrayItem(attachment, isLoading: isLoading)
    }

    private static func model(_ f: Fields, reader: inout JSONReader) -> ModelComposerState? {
        var state = ModelComposerState()
        state.text = f.string("text", reader: &reader) ?? ""
        state.placeholder = f.string("placeholder", reader: &reader) ?? ModelComposerState.defaultPlaceholder
        if let list = f.array("models", reader: &reader) {
            let listPath = JSONReader.join(f.path, "models")
            if list.isEmpty { reader.error("expected at least one model", at: f.node("models"), path: listPath) }
            var models: [ModelComposerState.Model] = []
            var seen: [String: Int] = [:]
            for (index, element) in list.enumerated() {
                let itemPath = JSONReader.join(listPath, index)
                guard reader.object(element, path: itemPath, expected: "a model object") != nil else { continue }
                let item = Fields(node: element, path: itemPath)
                let id = reader.requiredString(element, "id", path: itemPath, nonEmpty: true)
                let name = reader.requiredString(element, "name", path: itemPath, nonEmpty: true)
                let detail = item.string("detail", reader: &reader) ?? ""
                let locked = item.bool("isLocked", reader: &reader) ?? false
                if let id {
                    if let first = seen[id] {
                        reader.error(
                            "duplicate model id \(JSONReader.quote(id)); models[\(first)] has it too; expected ids to be unique", at: element["id"],
                            path: JSONReader.join(itemPath, "id"))
                    } else {
                        seen[id] = index
                    }
                }
                if let id, let name { models.append(.init(id: id, name: name, detail: detail, isLocked: locked)) }
            }
            state.models = models
        }
        state.model = f.string("model", reader: &reader)
        if let id = state.model, !state.models.isEmpty, !state.models.contains(where: { $0.id == id }), let shown = state.currentModel {
            reader.warning(
                "model \(JSONReader.quote(id)) is not one of the models; showing the first unlocked model, \(JSONReader.quote(shown.id))", at: f.node("model"),
                path: JSONReader.join(f.path, "model"))
        }
        if let list = f.array("availableModes", reader: &reader) {
            let listPath = JSONReader.join(f.path, "availableModes")
            var modes: [ModelComposerState.Mode] = []
            var seen: [String: Int] = [:]
            for (index, element) in list.enumerated() {
                let itemPath = JSONReader.join(listPath, index)
                guard reader.object(element, path: itemPath, expected: "a mode object") != nil else { continue }
                let id = reader.requiredString(element, "id", path: itemPath, nonEmpty: true)
                let title = reader.requiredString(element, "title", path: itemPath, nonEmpty: true)
                let symbol = reader.requiredString(element, "symbol", path: itemPath, nonEmpty: true)
                if let symbol, !ModelComposerState.modeSymbols.contains(symbol) {
                    reader.warning(
                        "unknown symbol \(JSONReader.quote(symbol)); expected one of \(ModelComposerState.modeSymbols.map { "\"\($0)\"" }.joined(separator: ", ")); the chip shows a sparkle",
                        at: element["symbol"], path: JSONReader.join(itemPath, "symbol"))
                }
                if let id {
                    if let first = seen[id] {
                        reader.error(
                            "duplicate mode id \(JSONReader.quote(id)); availableModes[\(first)] has it too; expected ids to be unique", at: element["id"],
                            path: JSONReader.join(itemPath, "id"))
                    } else {
                        seen[id] = index
                    }
                }
                if let id, let title, let symbol { modes.append(.init(id: id, title: title, symbol: symbol)) }
            }
            state.availableModes = modes
        }
        if let list = f.array("modes", reader: &reader) {
            let listPath = JSONReader.join(f.path, "modes")
            for (index, element) in list.enumerated() {
                guard case .string(let id) = element.value else {
                    reader.error("expected a mode id (a string), found \(element.kindDescription)", at: element, path: JSONReader.join(listPath, index))
                    continue
                }
                if !state.availableModes.contains(where: { $0.id == id }) {
                    reader.warning(
                        "mode \(JSONReader.quote(id)) is not one of the available modes; it is ignored", at: element, path: JSONReader.join(listPath, index))
                }
                state.modes.insert(id)
            }
        }
        if let usageNode = f.node("usage"), !usageNode.isNull {
            let usagePath = JSONReader.join(f.path, "usage")
            if reader.object(usageNode, path: usagePath, expected: "a usage object with \"remaining\" and \"limit\", or null") != nil {
                let u = Fields(node: usageNode, path: usagePath)
                let limit = u.integer("limit", min: 1, required: true, reader: &reader)
                let remaining = u.integer("remaining", min: 0, required: true, reader: &reader)
                let warnAt = u.integer("warnAt", min: 0, reader: &reader) ?? ModelComposerState.Usage.defaultWarnAt
                var resets: ChatDate?
                if let raw = u.string("resets", reader: &reader) {
                    resets = ChatDate(iso: raw)
                    if resets == nil {
                        reader.error(
                            "expected an ISO 8601 date and time such as \"2026-03-14T09:00:00Z\", found \(JSONReader.quote(raw))", at: u.node("resets"),
                            path: JSONReader.join(usagePath, "resets"))
                    }
                }
                if let limit, let remaining {
                    if remaining > limit {
                        reader.error(
                            "expected remaining to be at most the limit (\(limit)), found \(remaining)", at: u.node("remaining"),
                            path: JSONReader.join(usagePath, "remaining"))
                    }
                    state.usage = .init(remaining: remaining, limit: limit, resets: resets, warnAt: warnAt)
                }
            }
        }
        state.upgrade = f.bool("upgrade", reader: &reader) ?? false
        state.menuOpen = f.bool("menuOpen", reader: &reader) ?? false
        state.sending = f.bool("sending", reader: &reader) ?? false
        state.error = f.string("error", reader: &reader)
        state.focused = f.bool("focused", reader: &reader) ?? false
        return state
    }

    private static func dictation(_ f: Fields, reader: inout JSONReader) -> DictationComposerState? {
        var state = DictationComposerState()
        state.text = f.string("text", reader: &reader) ?? ""
        state.placeholder = f.string("placeholder", reader: &reader) ?? DictationComposerState.defaultPlaceholder
        if let raw = f.word("state", DictationComposerState.Recording.allCases.map(\.rawValue), reader: &reader) {
            state.state = DictationComposerState.Recording(rawValue: raw)!
        }
        state.elapsed = f.number("elapsed", min: 0, max: Double(DictationComposerState.maxDuration), reader: &reader) ?? 0
        if let list = f.array("levels", reader: &reader) {
            let listPath = JSONReader.join(f.path, "levels")
            for (index, element) in list.enumerated() {
                guard case .number(let value, _) = element.value, value >= 0, value <= 1 else {
                    let what: String
                    if case .number(let value, _) = element.value { what = NumberFormat.decimal(value) } else { what = element.kindDescription }
                    reader.error("expected a level from 0 to 1, found \(what)", at: element, path: JSONReader.join(listPath, index))
                    continue
                }
                state.levels.append(value)
            }
        }
        state.transcript = f.string("transcript", reader: &reader) ?? ""
        if let raw = f.word("access", DictationComposerState.Access.allCases.map(\.rawValue), reader: &reader) {
            state.access = DictationComposerState.Access(rawValue: raw)!
        }
        if let raw = f.word("error", DictationComposerState.Failure.allCases.map(\.rawValue), reader: &reader) {
            state.error = DictationComposerState.Failure(rawValue: raw)!
        }
        state.sending = f.bool("sending", reader: &reader) ?? false
        state.focused = f.bool("focused", reader: &reader) ?? false
        return state
    }

    static func found(_ node: JSONNode) -> String {
        if case .string(let raw) = node.value { return JSONReader.quote(raw) }
        return node.kindDescription
    }

    /// Optional members of one object; `null` always means "use the default".
    package struct Fields {
        let node: JSONNode
        let path: String

        func node(_ key: String) -> JSONNode? { node[key] }

        private func present(_ key: String) -> JSONNode? {
            guard let child = node[key], !child.isNull else { return nil }
            return child
        }

        func string(_ key: String, reader: inout JSONReader) -> String? { reader.optionalString(node, key, path: path) }

        func bool(_ key: String, reader: inout JSONReader) -> Bool? {
            guard let child = present(key) else { return nil }
            guard case .bool(let value) = child.value else {
                reader.error("expected true or false, found \(child.kindDescription)", at: child, path: JSONReader.join(path, key))
                return nil
            }
            return value
        }

        func integer(_ key: String, min: Int, required: Bool = false, reader: inout JSONReader) -> Int? {
            let childPath = JSONReader.join(path, key)
            guard let child = present(key) else {
                if required { reader.error("missing required field \"\(key)\"; expected an integer ≥ \(min)", at: node, path: childPath) }
                return nil
            }
            guard case .number(let value, _) = child.value, value == value.rounded(), value >= Double(min), value <= 1_000_000_000 else {
                let what: String
                if case .number(let value, _) = child.value { what = NumberFormat.decimal(value) } else { what = child.kindDescription }
                reader.error("expected an integer from \(min) to 1000000000, found \(what)", at: child, path: childPath)
                return nil
            }
            return Int(value)
        }

        func number(_ key: String, min: Double, max: Double, reader: inout JSONReader) -> Double? {
            guard let child = present(key) else { return nil }
            guard case .number(let value, _) = child.value, value >= min, value <= max else {
                let what: String
                if case .number(let value, _) = child.value { what = NumberFormat.decimal(value) } else { what = child.kindDescription }
                reader.error(
                    "expected a number from \(NumberFormat.decimal(min)) to \(NumberFormat.decimal(max)), found \(what)", at: child,
                    path: JSONReader.join(path, key))
                return nil
            }
            return value
        }

        func array(_ key: String, reader: inout JSONReader) -> [JSONNode]? {
            guard let child = present(key) else { return nil }
            guard case .array(let elements) = child.value else {
                reader.error("expected an array, found \(child.kindDescription)", at: child, path: JSONReader.join(path, key))
                return nil
            }
            return elements
        }

        /// One of a few words.
        func word(_ key: String, _ words: [String], reader: inout JSONReader) -> String? {
            guard let child = present(key) else { return nil }
            guard case .string(let raw) = child.value, words.contains(raw) else {
                let list = words.map { "\"\($0)\"" }
                let expected = list.count == 2 ? "\(list[0]) or \(list[1])" : list.dropLast().joined(separator: ", ") + " or " + list.last!
                reader.error("expected \(expected), found \(ComposerDecoder.found(child))", at: child, path: JSONReader.join(path, key))
                return nil
            }
            return raw
        }
    }
}

package extension JSONNode {
    var isNull: Bool {
        if case .null = value { return true }
        return false
    }
}
