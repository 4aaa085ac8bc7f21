import ChatModel

extension AgentSurvey {
    /// The table in docs/importers.md of where each agent's sessions are looked for, made from
    /// the readers' ``ChatExportReader/homes`` (a test holds that the document has it).
    package static var markdownTable: String {
        let linux = AgentEnvironment(home: "~", system: .linux)
        var lines = ["| agent | `--from` | sessions looked for in (Linux) | moved by |", "| --- | --- | --- | --- |"]
        for reader in ExportReaders.all {
            for home in reader.homes {
                let place: String
                if home.base == .projects {
                    place = "`\(home.path)` in each project under `--in DIR`"
                } else if !home.editors.isEmpty {
                    let generic = AgentHome(
                        base: home.base, editors: home.editors.count > 1 ? ["EDITOR"] : home.editors, path: home.path, sessions: home.sessions,
                        session: home.session)
                    let under = "`" + (generic.folders(in: linux).first ?? "") + "`"
                    place =
                        under + (home.editors.count > 1 ? ", EDITOR one of " + home.editors.joined(separator: ", ") : "")
                        + " (macOS: under `~/Library/Application Support`)"
                } else {
                    place = home.folders(in: linux).map { "`\($0)`" }.joined(separator: ", ")
                }
                var moved: [String] = []
                if let variable = home.variable { moved.append("`\(variable)`") }
                if let variable = home.homeVariable { moved.append("`\(variable)` (for the home folder)") }
                switch home.base {
                case .dataHome: moved.append("`XDG_DATA_HOME`")
                case .configHome, .editorSettings: moved.append("`XDG_CONFIG_HOME` (Linux)")
                case .stateHome: moved.append("`XDG_STATE_HOME`")
                case .home, .projects: break
                }
                lines.append("| \(home.title ?? reader.title) | `\(reader.name)` | \(place) | \(moved.isEmpty ? "—" : moved.joined(separator: ", ")) |")
            }
        }
        return lines.joined(separator: "\n")
    }
}
