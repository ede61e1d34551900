import SwiftUIMigrate
import XCTest

@testable import SwiftUIMigrateCLI

/// `completion bash|zsh|fish`: each script names every command, every option of every command's
/// spec, every allowed value and every rule id, so it cannot drift from `--help`. The shells
/// themselves run the scripts in Tests/shell/completion.sh.
final class CompletionCommandTests: XCTestCase {
    func testEveryScriptNamesEveryCommandOptionValueAndRule() throws {
        for shell in CompletionShell.allCases {
            let result = try ToolProcess.run(["completion", shell.rawValue])
            XCTAssertEqual(result.status, 0, result.stderr)
            let script = result.stdout
            for command in CLI.commands.map({ $0.spec }) {
                XCTAssertTrue(script.contains(command.name), "\(shell): no command \(command.name)")
                for option in command.options {
                    let name = shell == .fish ? "-l \(option.name)" : "--\(option.name)"
                    XCTAssertTrue(script.contains(name), "\(shell): \(command.name) lacks \(name)")
                    for value in option.allowedValues ?? [] {
                        XCTAssertTrue(script.contains(value), "\(shell): \(command.name) --\(option.name) lacks \(value)")
                    }
                }
            }
            for rule in RuleRegistry.all {
                XCTAssertTrue(script.contains(rule.id), "\(shell): no rule \(rule.id)")
            }
        }
    }

    func testUnknownShellIsAUsageError() throws {
        let result = try ToolProcess.run(["completion", "tcsh"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("unknown shell 'tcsh'"), result.stderr)
    }

    func testCommandListAndHelpMentionCompletion() throws {
        let result = try ToolProcess.run(["completion", "--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("bash-completion/completions"), result.stdout)
        XCTAssertTrue(try ToolProcess.run(["--help"]).stdout.contains("completion"))
    }
}
