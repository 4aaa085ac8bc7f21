import ChatModel

/// The sessions of several agents found in their own places (``AgentSurvey``): each agent's
/// folder read by its reader, and the whole one site, grouped agent → project → month. What
/// `render --agents all` reads, and what `render DIR` reads when DIR is a copy of a home folder
/// or an agent's own folder (`~/.claude`). Not a format of its own: it has no `--from` name.
package struct AgentHomesReader: ChatExportReader {
    /// The agents to read.
    package let agents: [FoundAgent]

    package var name: String { "agents" }
    package var title: String { "Several agents" }
    package var inputHelp: String { "the sessions of every agent found in its own places" }
    package var inputNoun: String { "agents' sessions" }
    package var standardInputName: String { "input" }
    package var readsFolders: Bool { true }

    package init(_ agents: [FoundAgent]) {
        self.agents = agents
    }

    /// Chosen by ``AgentSurvey``, never by recognition.
    package func recognise(_ input: InputProbe) -> Recognition? { nil }

    package func rendersAlone(_ path: String) -> Bool { false }

    /// Each agent's inputs split as its reader splits them for a site kept up to date in place
    /// (see ``InputSource``), each named with its reader and agent.
    package func sources(_ path: String) -> [InputSource] {
        agents.flatMap { agent -> [InputSource] in
            guard let reader = ExportReaders.named(agent.reader) else { return [] }
            return agent.inputs.flatMap { input in
                reader.sources(input).map {
                    var source = $0
                    source.reader = agent.reader
                    source.agent = agent.title
                    return source
                }
            }
        }
    }

    /// One source, read by its agent's reader, its chats filed under that agent.
    package func read(source: InputSource, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        guard let reader = source.reader.flatMap(ExportReaders.named) else {
            throw DiagnosticError(Diagnostic(file: source.path, message: "no reader named for this agent's sessions"))
        }
        var read = try reader.read(source: source, options: options)
        for k in read.chats.indices { read.chats[k].agent = source.agent ?? reader.title }
        return read
    }

    /// Every agent's inputs, each read by its reader; one that cannot be read costs only its
    /// own sessions (a warning), and the site is refused only when nothing could be read.
    package func read(_ path: String, options: ReadOptions) throws(DiagnosticError) -> ExportRead {
        var chats: [ImportedChat] = []
        var warnings: [Diagnostic] = []
        for agent in agents {
            guard let reader = ExportReaders.named(agent.reader) else { continue }
            for input in agent.inputs {
                do throws(DiagnosticError) {
                    let read = try reader.read(input, options: options)
                    warnings += read.warnings
                    for var chat in read.chats {
                        chat.agent = agent.title
                        chats.append(chat)
                    }
                } catch {
                    warnings += error.diagnostics.map {
                        var d = $0; d.severity = .warning; d.message += "; its sessions are left out"; return d
                    }
                }
            }
        }
        guard !chats.isEmpty else {
            if warnings.isEmpty {
                throw DiagnosticError(Diagnostic(file: path, message: "no agent's sessions found here"), kind: .missingInput)
            }
            throw DiagnosticError(
                warnings.map {
                    var d = $0; d.severity = .error; return d
                })
        }
        return ExportRead(chats: chats, warnings: warnings)
    }
}
