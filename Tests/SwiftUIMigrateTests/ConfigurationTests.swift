import Foundation
import SwiftUIMigrate
import XCTest

/// `.swiftui-migrate.json`: every key, defaults, and clear one-line errors.
final class ConfigurationTests: XCTestCase {
    private func parse(_ json: String) throws -> Configuration {
        try Configuration(json: Data(json.utf8), source: "test.json")
    }

    private func error(_ json: String) -> String? {
        do {
            _ = try parse(json)
            return nil
        } catch {
            return (error as? ConfigurationError)?.description ?? "\(error)"
        }
    }

    func testDefaults() throws {
        let configuration = try parse("{}")
        XCTAssertEqual(configuration, Configuration())
        XCTAssertEqual(configuration.rules, [:])
        XCTAssertEqual(configuration.strategy, .auto)
        XCTAssertEqual(configuration.hostContainer, "ZStack")
        XCTAssertEqual(configuration.include, [])
        XCTAssertEqual(configuration.exclude, [])
        XCTAssertEqual(configuration.identity, [:])
        XCTAssertEqual(configuration.maxFileSize, 4 * 1024 * 1024)
        XCTAssertEqual(configuration.ruleOptions, [:])
    }

    func testEveryKeyParses() throws {
        let configuration = try parse("""
            {
              "rules": {"group-lifecycle": false, "group-modifiers": true},
              "strategy": "distribute",
              "hostContainer": "VStack",
              "include": ["Sources/**/*.swift"],
              "exclude": ["**/Generated/**"],
              "identity": {"BrewDetailView": "brewID"},
              "maxFileSize": 1000,
              "ruleOptions": {"group-modifiers": {"maxMembers": 3, "maxModifiers": 1}, "appear-change-load": {"syncWork": "onChangeInitial"}}
            }
            """)
        XCTAssertEqual(configuration.rules, ["group-lifecycle": false, "group-modifiers": true])
        XCTAssertEqual(configuration.strategy, .distribute)
        XCTAssertEqual(configuration.hostContainer, "VStack")
        XCTAssertEqual(configuration.include, ["Sources/**/*.swift"])
        XCTAssertEqual(configuration.exclude, ["**/Generated/**"])
        XCTAssertEqual(configuration.identity, ["BrewDetailView": "brewID"])
        XCTAssertEqual(configuration.maxFileSize, 1000)
        XCTAssertEqual(configuration.option("maxMembers", of: "group-modifiers", default: 2), 3)
        XCTAssertEqual(configuration.option("maxModifiers", of: "group-modifiers", default: 2), 1)
        XCTAssertEqual(configuration.option("other", of: "group-modifiers", default: 2), 2)
        XCTAssertEqual(configuration.option("maxMembers", of: "group-redundant", default: 5), 5)
        XCTAssertEqual(configuration.option("syncWork", of: "appear-change-load", default: "keep"), "onChangeInitial")
        XCTAssertEqual(configuration.option("syncWork", of: "group-modifiers", default: "keep"), "keep")
        XCTAssertEqual(configuration.ruleOptions["appear-change-load"], nil, "a word is not a number option")
    }

    func testEveryStrategyParses() throws {
        for strategy in GroupStrategy.allCases {
            XCTAssertEqual(try parse("{\"strategy\": \"\(strategy.rawValue)\"}").strategy, strategy)
        }
    }

    func testRuleSwitchesOverrideDefaults() throws {
        let configuration = try parse("{\"rules\": {\"on-rule\": false, \"off-rule\": true}}")
        var on = TestRules.rename("a", to: "b", id: "on-rule")
        on.isEnabledByDefault = true
        var off = TestRules.rename("a", to: "b", id: "off-rule")
        off.isEnabledByDefault = false
        let untouched = TestRules.rename("a", to: "b", id: "untouched")
        XCTAssertFalse(configuration.isEnabled(on))
        XCTAssertTrue(configuration.isEnabled(off))
        XCTAssertTrue(configuration.isEnabled(untouched))
    }

    func testUnknownKeyIsAnError() {
        XCTAssertEqual(error("{\"strategy\": \"auto\", \"hostContaner\": \"ZStack\"}"), "test.json: unknown key 'hostContaner'")
    }

    func testBadStrategyIsAnError() {
        XCTAssertEqual(error("{\"strategy\": \"sideways\"}"), "test.json: 'strategy' must be one of auto, hoist, distribute, report")
    }

    func testWrongTypesAreErrors() {
        XCTAssertEqual(error("{\"strategy\": 1}"), "test.json: 'strategy' must be a string")
        XCTAssertEqual(error("{\"rules\": [\"group-lifecycle\"]}"), "test.json: 'rules' must be an object of rule ids to true/false")
        XCTAssertEqual(error("{\"rules\": {\"group-lifecycle\": \"yes\"}}"), "test.json: 'rules' must be an object of rule ids to true/false")
        XCTAssertEqual(error("{\"include\": \"*.swift\"}"), "test.json: 'include' must be an array of globs")
        XCTAssertEqual(error("{\"exclude\": [1]}"), "test.json: 'exclude' must be an array of globs")
        XCTAssertEqual(error("{\"identity\": {\"A\": 1}}"), "test.json: 'identity' must be an object of view type to property name")
        XCTAssertEqual(error("{\"maxFileSize\": \"big\"}"), "test.json: 'maxFileSize' must be a whole number of bytes")
        XCTAssertEqual(error("{\"maxFileSize\": 0}"), "test.json: 'maxFileSize' must be positive")
        XCTAssertEqual(
            error("{\"ruleOptions\": {\"group-modifiers\": 2}}"),
            "test.json: 'ruleOptions' must be an object of rule id to {option: number or string}")
        XCTAssertEqual(
            error("{\"ruleOptions\": {\"appear-change-load\": {\"syncWork\": true}}}"),
            "test.json: 'ruleOptions' must be an object of rule id to {option: number or string}")
        XCTAssertEqual(error("{\"hostContainer\": \"\"}"), "test.json: 'hostContainer' must be a type name such as ZStack")
        XCTAssertEqual(error("{\"hostContainer\": \"Z Stack {\"}"), "test.json: 'hostContainer' must be a type name such as ZStack")
    }

    func testBooleansAndNumbersAreNotInterchangeable() {
        XCTAssertNotNil(error("{\"rules\": {\"group-lifecycle\": 1}}"), "1 is not true")
        XCTAssertNotNil(error("{\"maxFileSize\": true}"), "true is not a size")
        XCTAssertNotNil(error("{\"maxFileSize\": 10.5}"), "sizes are whole numbers")
    }

    func testMalformedFilesAreErrors() {
        XCTAssertEqual(error("{\"strategy\": "), "test.json: not valid JSON")
        XCTAssertEqual(error("[1, 2]"), "test.json: the top level must be a JSON object")
    }

    func testLoadNamesTheFileInErrors() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(Configuration.fileName).path
        XCTAssertThrowsError(try Configuration.load(path: path)) { error in
            XCTAssertEqual((error as? ConfigurationError)?.description, "\(path): cannot read the configuration file")
        }
        try Data("{\"nope\": 1}".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try Configuration.load(path: path)) { error in
            XCTAssertEqual((error as? ConfigurationError)?.description, "\(path): unknown key 'nope'")
        }
        try Data("{\"hostContainer\": \"VStack\"}".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try Configuration.load(path: path).hostContainer, "VStack")
    }

    func testDiscoverFindsTheNearestFileAndStopsAtTheRepositoryRoot() throws {
        let outer = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: outer) }
        let repository = outer.appendingPathComponent("repo")
        let nested = repository.appendingPathComponent("Sources/App/Views")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: repository.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let outerFile = outer.appendingPathComponent(Configuration.fileName)
        try Data("{}".utf8).write(to: outerFile)

        XCTAssertNil(Configuration.discover(from: nested.path), "the file above the repository root is not used")

        let rootFile = repository.appendingPathComponent(Configuration.fileName)
        try Data("{}".utf8).write(to: rootFile)
        XCTAssertEqual(Configuration.discover(from: nested.path), rootFile.standardizedFileURL.path)
        XCTAssertEqual(Configuration.discover(from: repository.path), rootFile.standardizedFileURL.path)

        let appFile = repository.appendingPathComponent("Sources/App").appendingPathComponent(Configuration.fileName)
        try Data("{}".utf8).write(to: appFile)
        XCTAssertEqual(Configuration.discover(from: nested.path), appFile.standardizedFileURL.path, "the nearest one wins")
    }

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("configuration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
