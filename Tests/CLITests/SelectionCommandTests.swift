import Foundation
import XCTest

/// `--only preserving`, `--list-files`, and colors only on a terminal.
final class SelectionCommandTests: XCTestCase {
    /// A Group without modifiers in a stack (group-redundant, preserving) and a Group with a
    /// lifecycle modifier (group-lifecycle, behavior-change).
    private let mixed = """
        import SwiftUI

        struct MixedView: View {
            var body: some View {
                VStack {
                    Group {
                        Text("One")
                        Text("Two")
                    }
                    Group { Text("Three") }.onAppear { print("three") }
                }
            }
        }

        """

    func testOnlyPreservingAppliesPreservingFixesAndSkipsTheRest() throws {
        let folder = try TemporaryFolder()
        try folder.write("MixedView.swift", mixed)
        let rules = ["--rules", "group-redundant,group-lifecycle"]
        let all = try ToolProcess.run(["scan", "--format", "json"] + rules + ["."], in: folder.path)
        let actions = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(actions.map { $0["safety"] as? String }, ["preserving", "behavior-change"], all.stdout)

        let apply = try ToolProcess.run(["apply", "--in-place", "--only", "preserving"] + rules + ["."], in: folder.path)
        XCTAssertEqual(apply.status, 0, apply.stderr)
        let written = try folder.read("MixedView.swift")
        XCTAssertFalse(written.contains("Text(\"One\")\n                        Text"), "group-redundant unwrapped: \(written)")
        XCTAssertTrue(written.contains("Group { Text(\"Three\") }.onAppear"), "behavior change not applied: \(written)")
        // The fix left out is a keep of this run: counted, listed with --show-kept.
        XCTAssertFalse(apply.stderr.contains("not preserving"), apply.stderr)
        XCTAssertTrue(apply.stderr.contains("kept"), apply.stderr)

        try folder.write("MixedView.swift", mixed)
        let scan = try ToolProcess.run(["scan", "--only", "preserving"] + rules + ["."], in: folder.path)
        XCTAssertEqual(scan.status, 1, "the preserving fix asks for action: \(scan.stdout)")
        XCTAssertEqual(scan.stdout.split(separator: "\n").filter { $0.contains(": warning: ") }.count, 1, "just the fix asked for: \(scan.stdout)")
        XCTAssertFalse(scan.stdout.contains("note: "), "the fix left out is not printed: \(scan.stdout)")
        let shown = try ToolProcess.run(["scan", "--only", "preserving", "--show-kept"] + rules + ["."], in: folder.path)
        XCTAssertTrue(shown.stdout.contains("not preserving (--only preserving)"), shown.stdout)
        XCTAssertEqual(try ToolProcess.run(["scan", "--only", "everything", "."], in: folder.path).status, 2)
    }

    /// `--only no-runtime-change`: the preserving fixes and the behaviour changes that change nothing at runtime on
    /// the file's floor (a Group hoist); a Task moved into task (cancelled now) is left with the reason.
    func testOnlyNoRuntimeChangeAddsTheFixesWithoutARuntimeChange() throws {
        let folder = try TemporaryFolder()
        try folder.write("MixedView.swift", mixed.replacingOccurrences(of: """
                        Group { Text("Three") }.onAppear { print("three") }
            """, with: """
                        Group { Text("Three") }.onAppear { print("three") }
                        Text(four).onAppear { Task { four = await Loader.shared.four() } }
            """).replacingOccurrences(of: "struct MixedView: View {\n", with: "struct MixedView: View {\n    @State private var four = \"\"\n"))
        let rules = ["--rules", "group-redundant,group-lifecycle,onappear-task"]
        let scan = try ToolProcess.run(["scan", "--format", "json", "--only", "no-runtime-change"] + rules + ["."], in: folder.path)
        let records = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(scan.stdout.utf8)) as? [[String: Any]], scan.stderr)
        XCTAssertEqual(records.map { $0["reasonID"] as? String },
                       ["group-redundant/unwrap", "group-lifecycle/hoist-no-runtime-change", "onappear-task/changes-runtime"])
        XCTAssertEqual(records.map { $0["action"] as? String }, ["rewrite", "rewrite", "keep"])
        let listed = try ToolProcess.run(["scan", "--only", "no-runtime-change"] + rules + ["."], in: folder.path)
        XCTAssertEqual(listed.stdout.split(separator: "\n").filter { $0.contains(": warning: ") }.count, 2, "just those two: \(listed.stdout)")
        XCTAssertFalse(listed.stdout.contains("onappear-task"), listed.stdout)

        let apply = try ToolProcess.run(["apply", "--in-place", "--only", "no-runtime-change"] + rules + ["."], in: folder.path)
        XCTAssertEqual(apply.status, 0, apply.stderr)
        let written = try folder.read("MixedView.swift")
        XCTAssertTrue(written.contains("ZStack { Text(\"Three\") }.onAppear"), written)
        XCTAssertFalse(written.contains("Text(\"One\")\n                        Text"), written)
        XCTAssertTrue(written.contains("Text(four).onAppear { Task {"), "the runtime change is not made: \(written)")
        let shown = try ToolProcess.run(["apply", "--in-place", "--only", "no-runtime-change", "--show-kept"] + rules + ["."], in: folder.path)
        XCTAssertTrue(shown.stderr.contains("(--only no-runtime-change)"), shown.stderr)
    }

    func testListFilesPrintsOnlyThePathsThatWouldChange() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/ContentView.swift", Samples.groupLifecycle)
        try folder.write("App/PlainView.swift", Samples.clean)
        try folder.write("App/Other.swift", Samples.groupLifecycle)
        let scan = try ToolProcess.run(["scan", "--list-files", "App"], in: folder.path)
        XCTAssertEqual(scan.status, 1)
        XCTAssertEqual(scan.stdout, "App/ContentView.swift\nApp/Other.swift\n")
        let diff = try ToolProcess.run(["diff", "--list-files", "App"], in: folder.path)
        XCTAssertEqual(diff.status, 0)
        XCTAssertEqual(diff.stdout, "App/ContentView.swift\nApp/Other.swift\n")
        XCTAssertEqual(try ToolProcess.run(["diff", "--list-files", "--exit-code", "App"], in: folder.path).status, 1)
        let clean = try ToolProcess.run(["scan", "--list-files", "App/PlainView.swift"], in: folder.path)
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.stdout, "")
    }

    /// Runs the tool under `script`, so its stdout is a pseudo-terminal.
    private func runOnATerminal(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            throw XCTSkip("util-linux 'script' is needed to give the tool a terminal")
        }
        let command = ([try ToolProcess.binary()] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env["TERM"] = "xterm"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func testColorOnlyOnATerminalAndNeverWithNoColor() throws {
        let folder = try TemporaryFolder()
        try folder.write("ContentView.swift", Samples.groupLifecycle)
        let escape = "\u{1B}["
        XCTAssertTrue(try runOnATerminal(["diff", "."], in: folder.path).contains(escape), "a terminal gets color")
        XCTAssertFalse(try runOnATerminal(["diff", "."], in: folder.path, environment: ["NO_COLOR": "1"]).contains(escape))
        XCTAssertFalse(try runOnATerminal(["diff", "--color", "never", "."], in: folder.path).contains(escape))
        XCTAssertTrue(try runOnATerminal(["diff", "--color", "always", "."], in: folder.path, environment: ["NO_COLOR": "1"]).contains(escape),
                      "an explicit --color always wins over NO_COLOR")
        XCTAssertFalse(try ToolProcess.run(["diff", "."], in: folder.path).stdout.contains(escape), "a pipe gets none")
        let scan = try runOnATerminal(["scan", "."], in: folder.path)
        XCTAssertTrue(scan.contains("warning:"), scan)
        XCTAssertFalse(scan.contains(escape), "xcode output is never colored")
    }
}
