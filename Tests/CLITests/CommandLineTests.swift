import Foundation
import XCTest

/// The CLI run as a process: exit codes, output formats, and what it writes.
final class CommandLineTests: XCTestCase {
    func testVersionNamesSyntaxModeAndLibgit2() throws {
        let result = try ToolProcess.run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.hasPrefix("swiftui-migrate "), result.stdout)
        XCTAssertTrue(result.stdout.contains("libgit2 1."), result.stdout)
        XCTAssertTrue(result.stdout.contains("SwiftSyntax: "), result.stdout)
    }

    func testHelpOnEveryCommand() throws {
        for command in ["scan", "diff", "apply", "rules", "explain"] {
            let result = try ToolProcess.run([command, "--help"])
            XCTAssertEqual(result.status, 0, command)
            XCTAssertTrue(result.stdout.contains("USAGE: swiftui-migrate \(command)"), result.stdout)
        }
        let overview = try ToolProcess.run(["--help"])
        XCTAssertEqual(overview.status, 0)
        XCTAssertTrue(overview.stdout.contains("COMMANDS:"))
    }

    func testUsageErrorsAreOneLineAndExitTwo() throws {
        let cases: [([String], String)] = [
            (["frobnicate"], "error: unknown command 'frobnicate'"),
            (["scan", "--bogus"], "error: unknown option '--bogus'"),
            (["scan", "--format", "yaml"], "error: the value 'yaml' is invalid for '--format <format>'"),
            (["scan", "--rules", "no-such-rule", "."], "error: unknown rule 'no-such-rule'"),
            (["explain", "no-such-rule"], "error: unknown rule or reason 'no-such-rule'"),
            (["explain"], "error: missing expected argument '<rule>'"),
            (["scan", "/no/such/path"], "error: no such file or directory: /no/such/path"),
        ]
        for (arguments, prefix) in cases {
            let result = try ToolProcess.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix(prefix), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)")
        }
        XCTAssertEqual(try ToolProcess.run([]).status, 2)
    }

    func testScanPrintsXcodeLinesAndExitsOneWhenActionIsNeeded() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/ContentView.swift", Samples.groupLifecycle)
        try folder.write("App/PlainView.swift", Samples.clean)
        let result = try ToolProcess.run(["scan", "App"], in: folder.path)
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.stdout)
        XCTAssertTrue(lines[0].hasPrefix("App/ContentView.swift:7:9: warning: "), String(lines[0]))
        XCTAssertTrue(lines[0].hasSuffix(" [group-lifecycle]"), String(lines[0]))
    }

    func testScanOfCleanCodeExitsZero() throws {
        let folder = try TemporaryFolder()
        try folder.write("PlainView.swift", Samples.clean)
        let result = try ToolProcess.run(["scan", "."], in: folder.path)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "")
    }

    func testScanJSONHasStableFields() throws {
        let folder = try TemporaryFolder()
        try folder.write("ContentView.swift", Samples.groupLifecycle)
        let result = try ToolProcess.run(["scan", "--format", "json", "ContentView.swift"], in: folder.path)
        XCTAssertEqual(result.status, 1)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        let finding = try XCTUnwrap(json?.first)
        XCTAssertEqual(finding["file"] as? String, "ContentView.swift")
        XCTAssertEqual(finding["line"] as? Int, 7)
        XCTAssertEqual(finding["column"] as? Int, 9)
        XCTAssertEqual(finding["rule"] as? String, "group-lifecycle")
        XCTAssertEqual(finding["action"] as? String, "rewrite")
        XCTAssertEqual(finding["safety"] as? String, "behavior-change")
        XCTAssertNotNil(finding["message"] as? String)
        XCTAssertNotNil(finding["safetyReason"] as? String)
        let edits = try XCTUnwrap(finding["edits"] as? [[String: Any]])
        XCTAssertFalse(edits.isEmpty)
        XCTAssertNotNil(edits[0]["start"] as? Int)
        XCTAssertNotNil(edits[0]["end"] as? Int)
        XCTAssertNotNil(edits[0]["replacement"] as? String)
    }

    func testDiffWritesNothingAndPrintsAPatchAndASummary() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("ContentView.swift", Samples.groupLifecycle)
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let result = try ToolProcess.run(["diff", "--color", "never", "."], in: folder.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("diff --git a/ContentView.swift b/ContentView.swift\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\n-        Group {\n+        ZStack {\n"), result.stdout)
        XCTAssertTrue(result.stderr.contains("ContentView.swift  would rewrite 1"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), before)
        let exitCode = try ToolProcess.run(["diff", "--exit-code", "."], in: folder.path)
        XCTAssertEqual(exitCode.status, 1)
        XCTAssertFalse(exitCode.stdout.contains("\u{1B}["), "no color when not a terminal")
        let colored = try ToolProcess.run(["diff", "--color", "always", "."], in: folder.path)
        XCTAssertTrue(colored.stdout.contains("\u{1B}[32m+"), colored.stdout)
    }

    func testApplyInPlaceRewritesAndIsIdempotent() throws {
        let folder = try TemporaryFolder()
        try folder.write("ContentView.swift", Samples.groupLifecycle)
        try folder.write("PlainView.swift", Samples.clean)
        let first = try ToolProcess.run(["apply", "--in-place", "--summary", "summary.md", "."], in: folder.path)
        XCTAssertEqual(first.status, 0, first.stderr)
        let rewritten = try folder.read("ContentView.swift")
        XCTAssertEqual(rewritten, Samples.groupLifecycle.replacingOccurrences(of: "Group {", with: "ZStack {"))
        XCTAssertEqual(try folder.read("PlainView.swift"), Samples.clean)
        let summary = try folder.read("summary.md")
        XCTAssertTrue(summary.contains("| `ContentView.swift` | 7 | `group-lifecycle` | rewritten | behavior-change |"), summary)
        let second = try ToolProcess.run(["scan", "."], in: folder.path)
        XCTAssertEqual(second.status, 0, second.stdout)
        XCTAssertEqual(try folder.read("ContentView.swift"), rewritten)
    }

    func testApplyWithoutAModeIsAUsageError() throws {
        let folder = try TemporaryFolder()
        try folder.write("ContentView.swift", Samples.groupLifecycle)
        let result = try ToolProcess.run(["apply", "ContentView.swift"], in: folder.path)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(try folder.read("ContentView.swift"), Samples.groupLifecycle)
    }

    func testNonUTF8AndSkippedFoldersNeverStopTheRun() throws {
        let folder = try TemporaryFolder()
        try folder.write("Bad.swift", bytes: [0x47, 0x72, 0x6F, 0x75, 0x70, 0xFF, 0xFE, 0x0A])
        try folder.write(".build/Generated.swift", Samples.groupLifecycle)
        try folder.write("Pods/Lib/Lib.swift", Samples.groupLifecycle)
        try folder.write(".hidden/Secret.swift", Samples.groupLifecycle)
        try folder.write("Sources/ContentView.swift", Samples.groupLifecycle)
        let result = try ToolProcess.run(["scan", "."], in: folder.path)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("warning: skipped Bad.swift: not UTF-8 text"), result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 1, result.stdout)
        XCTAssertTrue(result.stdout.hasPrefix("Sources/ContentView.swift:"), result.stdout)
    }

    func testConfigurationFileIsReadAndValidated() throws {
        let folder = try TemporaryFolder()
        try folder.write("ContentView.swift", Samples.groupLifecycle)
        try folder.write(".swiftui-migrate.json", #"{"rules": {"group-lifecycle": false}}"#)
        XCTAssertEqual(try ToolProcess.run(["scan", "."], in: folder.path).status, 0)
        try folder.write(".swiftui-migrate.json", #"{"ruleOptions": {"group-lifecycle": {"strategy": "report"}}}"#)
        let reported = try ToolProcess.run(["scan", "."], in: folder.path)
        XCTAssertEqual(reported.status, 1)
        XCTAssertTrue(reported.stdout.contains("warning:"), reported.stdout)
        XCTAssertFalse(reported.stderr.contains("deprecated"), reported.stderr)
        // The top level, strategy's first place, still reads it, and says where it belongs now: one line.
        try folder.write(".swiftui-migrate.json", #"{"strategy": "report"}"#)
        let deprecated = try ToolProcess.run(["scan", "."], in: folder.path)
        XCTAssertEqual(deprecated.stdout, reported.stdout)
        let lines = deprecated.stderr.components(separatedBy: "\n").filter { $0.contains("deprecated") }
        XCTAssertEqual(lines.count, 1, deprecated.stderr)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("warning: ") && $0.hasSuffix(
            "/.swiftui-migrate.json: 'strategy' at the top level is deprecated; set it under ruleOptions.group-lifecycle") }, deprecated.stderr)
        XCTAssertEqual(try ToolProcess.run(["diff", "--exit-code", "."], in: folder.path).status, 0)
        try folder.write(".swiftui-migrate.json", #"{"stratgy": "report"}"#)
        let bad = try ToolProcess.run(["scan", "."], in: folder.path)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("unknown key 'stratgy'"), bad.stderr)
        // --config is read: it excludes the only file, and a run left with no file to check is not a pass.
        try folder.write("other.json", #"{"exclude": ["Content*"]}"#)
        let excluded = try ToolProcess.run(["scan", "--config", "other.json", "."], in: folder.path)
        XCTAssertEqual(excluded.status, 2, excluded.stderr)
        XCTAssertTrue(excluded.stderr.hasPrefix("error: . holds 1 .swift file but the configuration's include/exclude leave it out"), excluded.stderr)
    }

    func testAMisspeltRuleOptionIsAOneLineErrorNamingTheValidOnes() throws {
        let folder = try TemporaryFolder()
        try folder.write("ContentView.swift", Samples.groupLifecycle)
        try folder.write(".swiftui-migrate.json", #"{"ruleOptions": {"group-modifiers": {"maxMember": 3}}}"#)
        for command in [["scan", "."], ["diff", "."], ["apply", "--in-place", "."]] {
            let result = try ToolProcess.run(command, in: folder.path)
            XCTAssertEqual(result.status, 2, command.joined(separator: " "))
            XCTAssertEqual(
                result.stderr,
                "error: \(folder.path)/.swiftui-migrate.json: unknown option 'maxMember' of group-modifiers in 'ruleOptions'; "
                    + "did you mean 'maxMembers'? the options of group-modifiers are: maxMembers, maxModifiers\n")
        }
        XCTAssertEqual(try folder.read("ContentView.swift"), Samples.groupLifecycle, "nothing was written")
        try folder.write(".swiftui-migrate.json", #"{"rules": {"group-lifecyle": false}}"#)
        let rule = try ToolProcess.run(["scan", "."], in: folder.path)
        XCTAssertEqual(rule.status, 2)
        XCTAssertTrue(
            rule.stderr.hasPrefix(
                "error: \(folder.path)/.swiftui-migrate.json: unknown rule 'group-lifecyle' in 'rules'; did you mean 'group-lifecycle'? the rules are: group-lifecycle, "),
            rule.stderr)
        XCTAssertEqual(rule.stderr.filter { $0 == "\n" }.count, 1, rule.stderr)
    }

    func testRulesAndExplain() throws {
        let rules = try ToolProcess.run(["rules"])
        XCTAssertEqual(rules.status, 0)
        for id in ["group-lifecycle", "guard-flag-load", "onappear-task"] {
            XCTAssertTrue(rules.stdout.contains(id), rules.stdout)
            let explanation = try ToolProcess.run(["explain", id])
            XCTAssertEqual(explanation.status, 0)
            XCTAssertTrue(explanation.stdout.contains("Detects:"), explanation.stdout)
            XCTAssertTrue(explanation.stdout.contains("Fix:"), explanation.stdout)
            XCTAssertTrue(explanation.stdout.contains("before:"), explanation.stdout)
        }
        let options = try ToolProcess.run(["explain", "group-modifiers"])
        XCTAssertTrue(
            options.stdout.contains("Options (ruleOptions[\"group-modifiers\"] in .swiftui-migrate.json):\n"
                + "  maxMembers (a whole number of at least 0; default 2): "),
            options.stdout)
        XCTAssertTrue(options.stdout.contains("  maxModifiers (a whole number of at least 0; default 2): "), options.stdout)
    }
}

/// Inside a git work tree only tracked files are migrated, unless a file is named.
final class TrackedFilesTests: XCTestCase {
    func testOnlyTrackedFilesAreScannedInARepository() throws {
        let folder = try TemporaryFolder()
        try folder.write("Sources/Tracked.swift", Samples.groupLifecycle)
        try folder.write("Sources/Untracked.swift", Samples.groupLifecycle)
        try folder.write("Sources/Ignored.swift", Samples.groupLifecycle)
        try folder.write(".gitignore", "Sources/Ignored.swift\n")
        try runGit(["init", "-q"], in: folder.path)
        try runGit(["add", ".gitignore", "Sources/Tracked.swift"], in: folder.path)
        let result = try ToolProcess.run(["scan", "Sources"], in: folder.path)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout.split(separator: "\n").map { String($0.prefix(while: { $0 != ":" })) }, ["Sources/Tracked.swift"])
        let named = try ToolProcess.run(["scan", "Sources/Untracked.swift"], in: folder.path)
        XCTAssertTrue(named.stdout.hasPrefix("Sources/Untracked.swift:"), named.stdout)
    }
}
