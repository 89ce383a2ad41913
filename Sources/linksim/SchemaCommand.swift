import ArgumentParser
import LinkSimCore

/// `linksim schema`: the JSON Schema of the scenario format, for editors and CI.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of the scenario format (the same as scenarios/scenario.schema.json).",
        discussion: """
            For the YAML language server (VS Code's YAML extension, Neovim, Helix...), put this first line in \
            a scenario: `# yaml-language-server: $schema=../scenario.schema.json` (relative to the file), or map \
            the schema to `scenarios/**/*.yaml` in the editor's settings (`yaml.schemas`).
            """
    )

    func run() throws { Console.out(ScenarioSchema.json) }
}
