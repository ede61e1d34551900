import ArgumentParsing
import AtomicFiles
import Foundation
import SwiftUIMigrate

/// `init`: write a `.swiftui-migrate.json` with every option at its default, each explained
/// by a `"// key"` comment entry.
struct InitCommand: ConsoleCommand {
    static let spec = CommandSpec(
        name: "init", abstract: "Write a .swiftui-migrate.json with every option at its default.",
        discussion: """
            Writes <folder>/.swiftui-migrate.json (default: the current folder). JSON has no comments, so
            each option is preceded by a "// option" key explaining it; the tool ignores keys starting
            with //. An existing file is left alone (exit status 2) unless --force is given.
            """,
        options: [force],
        positional: PositionalSpec(name: "folder", help: "Where to write the file (default: the current folder).", maximum: 1))

    static let force = Flag("force", help: "Replace an existing configuration file.")

    /// `init`'s options, typed.
    struct Options {
        let folder: String
        let force: Bool
    }

    static func options(_ arguments: ParsedArguments) throws -> Options {
        Options(folder: arguments.positionals.first ?? ".", force: try arguments[force])
    }

    let console: Console

    func run(_ options: Options) throws -> Int32 {
        let folder = options.folder
        guard SourceDiscovery.isFolder(folder) else {
            throw CommandError("no such folder: \(folder)")
        }
        let path = folder == "." ? Configuration.fileName : URL(fileURLWithPath: folder).appendingPathComponent(Configuration.fileName).relativePath
        if FileManager.default.fileExists(atPath: path) && !options.force {
            throw CommandError("\(path) already exists; use --force to replace it")
        }
        do {
            try AtomicFileWrite.write(Array(ConfigurationTemplate.render().utf8), to: path, expecting: nil)
        } catch {
            throw CommandError("cannot write \(path): \(error)")
        }
        console.write("wrote \(path): every option at its default; keys starting with // are comments\n")
        return ExitCode.success
    }
}
