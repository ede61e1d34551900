import Foundation
import XCTest

/// `swiftui-migrate init`: writes a valid, documented configuration and never overwrites one
/// unless told to.
final class InitCommandTests: XCTestCase {
    func testWritesEveryOptionAtItsDefaultWithComments() throws {
        let folder = try TemporaryFolder()
        let result = try ToolProcess.run(["init"], in: folder.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("wrote .swiftui-migrate.json"), result.stdout)
        let text = try folder.read(".swiftui-migrate.json")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let options = Set(object.keys.filter { !$0.hasPrefix("//") })
        XCTAssertEqual(options, ["rules", "include", "exclude", "identity", "maxFileSize", "fileTimeout", "ruleOptions", "deploymentTarget", "showKept", "failBuild"])
        XCTAssertEqual(object["showKept"] as? Bool, false)
        XCTAssertEqual(object["failBuild"] as? Bool, false, "a build never fails on findings unless asked")
        XCTAssertTrue(object["deploymentTarget"] is NSNull, "null: the floor is found beside the files")
        for option in options { XCTAssertNotNil(object["// " + option] as? String, option) }
        let groupLifecycle = (object["ruleOptions"] as? [String: Any])?["group-lifecycle"] as? [String: String]
        XCTAssertEqual(groupLifecycle, ["strategy": "auto", "hostContainer": "ZStack"], "group-lifecycle's settings, in their place")
        XCTAssertEqual(object["maxFileSize"] as? Int, 4_194_304)
        XCTAssertEqual(object["fileTimeout"] as? String, "10s")
        let rules = try XCTUnwrap(object["rules"] as? [String: Bool])
        XCTAssertEqual(rules["group-lifecycle"], true)
        XCTAssertEqual(rules["group-modifiers"], false)
        XCTAssertTrue(text.firstRange(of: "\"// rules\"")!.lowerBound < text.firstRange(of: "\"rules\"")!.lowerBound, "comment first")
    }

    func testTheWrittenFileIsAcceptedAndBehavesLikeNoFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("ContentView.swift", Samples.groupLifecycle)
        let without = try ToolProcess.run(["scan", "--format", "json", "."], in: folder.path)
        XCTAssertEqual(try ToolProcess.run(["init"], in: folder.path).status, 0)
        let with = try ToolProcess.run(["scan", "--format", "json", "."], in: folder.path)
        XCTAssertEqual(with.status, without.status, with.stderr)
        XCTAssertEqual(with.stderr, without.stderr, "only the note on the floor, as without the file")
        XCTAssertTrue(with.stderr.hasPrefix("note: no deployment target found"), with.stderr)
        XCTAssertEqual(with.stdout, without.stdout)
    }

    func testRefusesToOverwriteUnlessForced() throws {
        let folder = try TemporaryFolder()
        try folder.write(".swiftui-migrate.json", #"{"strategy": "report"}"#)
        let refused = try ToolProcess.run(["init"], in: folder.path)
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "error: .swiftui-migrate.json already exists; use --force to replace it\n")
        XCTAssertEqual(try folder.read(".swiftui-migrate.json"), #"{"strategy": "report"}"#)
        let forced = try ToolProcess.run(["init", "--force"], in: folder.path)
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(try folder.read(".swiftui-migrate.json").contains("\"strategy\": \"auto\""))
    }

    func testWritesIntoANamedFolder() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/repo", withIntermediateDirectories: true)
        let result = try ToolProcess.run(["init", "repo"], in: folder.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path + "/repo/.swiftui-migrate.json"))
        XCTAssertEqual(try ToolProcess.run(["init", "missing"], in: folder.path).status, 2)
    }
}
