import Foundation
import XCTest

/// Nested `.swiftui-migrate.json` files, as SwiftLint's: every file from the repository root down to a
/// Swift file's folder applies to it, the nearer over the farther, whichever path the run names; and
/// `scan --print-config` shows the result.
final class NestedConfigurationTests: XCTestCase {
    /// A repository with a root configuration (an exclude glob) and a package with its own (`strategy: report`).
    private func makeRepository() throws -> GitRepositoryFolder {
        let repository = try GitRepositoryFolder()
        try repository.folder.write(".swiftui-migrate.json", #"{"exclude": ["*.generated.swift"]}"#)
        try repository.folder.write("App/ContentView.swift", Samples.groupLifecycle)
        try repository.folder.write("Packages/MemoKit/.swiftui-migrate.json", #"{"ruleOptions": {"group-lifecycle": {"strategy": "report"}}}"#)
        try repository.folder.write("Packages/MemoKit/Sources/MemoView.swift", Samples.groupLifecycle)
        try repository.folder.write("Packages/MemoKit/Sources/Made.generated.swift", Samples.groupLifecycle)
        try repository.git("add", "-A")
        try repository.git("commit", "-q", "-m", "app")
        return repository
    }

    /// Each file's name and the actions of its findings, from `scan --format json` run in `folder` of `repository`.
    private func actions(_ arguments: [String], in folder: String, of repository: GitRepositoryFolder) throws -> [String: [String]] {
        let result = try ToolProcess.run(["scan", "--format", "json"] + arguments, in: repository.path + "/" + folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        let records = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        var byFile: [String: [String]] = [:]
        for record in records {
            let name = URL(fileURLWithPath: try XCTUnwrap(record["file"] as? String)).lastPathComponent
            byFile[name, default: []].append(try XCTUnwrap(record["action"] as? String))
        }
        return byFile
    }

    func testTheNearestConfigurationAppliesWhicheverPathIsNamed() throws {
        let repository = try makeRepository()
        let expected = ["ContentView.swift": ["rewrite"], "MemoView.swift": ["report"]]
        XCTAssertEqual(try actions(["."], in: ".", of: repository), expected, "the root named")
        let package = ["MemoView.swift": ["report"]]
        XCTAssertEqual(try actions(["Packages/MemoKit"], in: ".", of: repository), package, "the package named from the root")
        XCTAssertEqual(try actions(["."], in: "Packages/MemoKit", of: repository), package, "run in the package")
        XCTAssertEqual(try actions(["MemoView.swift"], in: "Packages/MemoKit/Sources", of: repository), package, "the file named")
        XCTAssertEqual(
            try actions(["../../.."], in: "Packages/MemoKit/Sources", of: repository), expected,
            "the root named from below the package")
    }

    func testNoCheckoutReadsEachFolderConfigurationFromHEAD() throws {
        let repository = try makeRepository()
        // A configuration changed on disk but not committed does not count: HEAD's does.
        try repository.folder.write("Packages/MemoKit/.swiftui-migrate.json", #"{"ruleOptions": {"group-lifecycle": {"strategy": "auto"}}}"#)
        let result = try ToolProcess.run(["apply", "--no-checkout"], in: repository.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        let changed = try repository.git("diff", "--name-only", "main", "swiftui-migrate/lifecycle")
        XCTAssertEqual(changed, "App/ContentView.swift\n", "MemoView is reported (HEAD's strategy), Made.generated.swift excluded")
    }

    func testAConfigurationAboveTheRepositoryRootIsNotRead() throws {
        let outer = try TemporaryFolder()
        try outer.write(".swiftui-migrate.json", #"{"rules": {"group-lifecycle": false}}"#)
        try outer.write("repo/ContentView.swift", Samples.groupLifecycle)
        try runGit(["init", "-q", "repo"], in: outer.path)
        try runGit(["add", "-A"], in: outer.path + "/repo")
        let result = try ToolProcess.run(["scan", "."], in: outer.path + "/repo")
        XCTAssertEqual(result.status, 1, "group-lifecycle still runs: \(result.stdout)\(result.stderr)")
        let printed = try ToolProcess.run(["scan", "--print-config", "ContentView.swift"], in: outer.path + "/repo")
        XCTAssertTrue(printed.stdout.contains(#""// sources": []"#), printed.stdout)
    }

    func testPrintConfigShowsTheMergedConfigurationTheSameFromAnyFolder() throws {
        let repository = try makeRepository()
        let fromPackage = try ToolProcess.run(["scan", "--print-config", "Sources/MemoView.swift"], in: repository.path + "/Packages/MemoKit")
        XCTAssertEqual(fromPackage.status, 0, fromPackage.stderr)
        XCTAssertEqual(fromPackage.stderr, "")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(fromPackage.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["strategy"] as? String, "report", "the package's key")
        XCTAssertEqual(object["exclude"] as? [String], ["*.generated.swift"], "the root's key")
        XCTAssertEqual(
            object["// sources"] as? [String], ["\(repository.path)/.swiftui-migrate.json", ".swiftui-migrate.json"],
            "outermost first, named from the current folder")
        XCTAssertEqual((object["rules"] as? [String: Bool])?["group-lifecycle"], true, "every rule is listed")

        let fromRoot = try ToolProcess.run(["scan", "--print-config", "Packages/MemoKit/Sources/MemoView.swift"], in: repository.path)
        let rootObject = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(fromRoot.stdout.utf8)) as? [String: Any])
        let settings = { (object: [String: Any]) in NSDictionary(dictionary: object.filter { !$0.key.hasPrefix("//") }) }
        XCTAssertEqual(settings(rootObject), settings(object))

        // The output is itself a configuration: given with --config, the package's file is reported, not rewritten.
        try repository.folder.write("printed.json", fromRoot.stdout)
        let again = try ToolProcess.run(["diff", "--exit-code", "--config", "printed.json", "Packages/MemoKit"], in: repository.path)
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)

        let flagged = try ToolProcess.run(["scan", "--print-config", "App/ContentView.swift", "--strategy", "hoist"], in: repository.path)
        XCTAssertTrue(flagged.stdout.contains(#""strategy": "hoist""#), "flags apply over the files: \(flagged.stdout)")
        let missing = try ToolProcess.run(["scan", "--print-config", "Nope.swift"], in: repository.path)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: no such file or directory: Nope.swift\n")
    }

    func testAJSONErrorNamesItsLineAndColumnAndOnlyTheFilesBelowItFail() throws {
        let repository = try makeRepository()
        try repository.folder.write("Packages/MemoKit/.swiftui-migrate.json", "{\n  \"strategy\": \"report\"\n  \"exclude\": []\n}\n")
        let broken = try ToolProcess.run(["scan", "."], in: repository.path)
        XCTAssertEqual(broken.status, 2)
        XCTAssertEqual(
            broken.stderr,
            "error: \(repository.path)/Packages/MemoKit/.swiftui-migrate.json:3:3: not valid JSON: "
                + "expected ',' or '}' after a value in an object, found '\"'\n")
        XCTAssertEqual(try ToolProcess.run(["scan", "App"], in: repository.path).status, 1, "App is not below the broken file")
    }
}
