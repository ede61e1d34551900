import Foundation
import SwiftUIMigrate
import XCTest

/// `.swiftui-migrate.json`: every key, defaults, and clear one-line errors.
final class ConfigurationTests: XCTestCase {
    private func parse(_ json: String, rules: [any Rule] = RuleRegistry.all) throws -> Configuration {
        try Configuration(json: Data(json.utf8), source: "test.json", rules: rules)
    }

    private func error(_ json: String, rules: [any Rule] = RuleRegistry.all) -> String? {
        error(Data(json.utf8), rules: rules)
    }

    private func error(_ data: Data, rules: [any Rule] = RuleRegistry.all) -> String? {
        do {
            _ = try Configuration(json: data, source: "test.json", rules: rules)
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
        XCTAssertEqual(configuration.fileTimeout, .seconds(10))
        XCTAssertEqual(configuration.ruleOptions, [:])
    }

    func testFileTimeoutIsADurationOrNone() throws {
        XCTAssertEqual(try parse("{\"fileTimeout\": \"500ms\"}").fileTimeout, .milliseconds(500))
        XCTAssertEqual(try parse("{\"fileTimeout\": \"2m\"}").fileTimeout, .seconds(120))
        XCTAssertEqual(try parse("{\"fileTimeout\": 1.5}").fileTimeout, .milliseconds(1500), "a number is seconds")
        XCTAssertNil(try parse("{\"fileTimeout\": \"none\"}").fileTimeout)
        XCTAssertNil(try parse("{\"fileTimeout\": 0}").fileTimeout, "0 is no limit")
        let shape = "test.json: 'fileTimeout' must be a duration such as \"10s\" or \"500ms\", or \"none\""
        XCTAssertEqual(error("{\"fileTimeout\": \"soon\"}"), shape)
        XCTAssertEqual(error("{\"fileTimeout\": -1}"), shape)
        XCTAssertEqual(error("{\"fileTimeout\": true}"), shape, "true is not a duration")
        XCTAssertEqual(error("{\"fileTimeout\": \"10 s\"}"), shape)
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
              "ruleOptions": {"group-modifiers": {"maxMembers": 3, "maxModifiers": 1}}
            }
            """)
        XCTAssertEqual(configuration.rules, ["group-lifecycle": false, "group-modifiers": true])
        XCTAssertEqual(configuration.strategy, .distribute)
        XCTAssertEqual(configuration.hostContainer, "VStack")
        XCTAssertEqual(configuration.include, ["Sources/**/*.swift"])
        XCTAssertEqual(configuration.exclude, ["**/Generated/**"])
        XCTAssertEqual(configuration.identity, ["BrewDetailView": "brewID"])
        XCTAssertEqual(configuration.maxFileSize, 1000)
        XCTAssertEqual(configuration.value(of: GroupModifiersRule.maxModifiers, for: GroupModifiersRule.id), 1)
        XCTAssertEqual(configuration.value(of: GroupModifiersRule.maxMembers, for: GroupModifiersRule.id), 3)
        XCTAssertEqual(Configuration().value(of: GroupModifiersRule.maxMembers, for: GroupModifiersRule.id), 2)
    }

    func testEveryStrategyParses() throws {
        for strategy in GroupStrategy.allCases {
            XCTAssertEqual(try parse("{\"strategy\": \"\(strategy.rawValue)\"}").strategy, strategy)
        }
    }

    func testRuleSwitchesOverrideDefaults() throws {
        var on = TestRules.rename("a", to: "b", id: "on-rule")
        on.isEnabledByDefault = true
        var off = TestRules.rename("a", to: "b", id: "off-rule")
        off.isEnabledByDefault = false
        let untouched = TestRules.rename("a", to: "b", id: "untouched")
        let configuration = try parse("{\"rules\": {\"on-rule\": false, \"off-rule\": true}}", rules: [on, off, untouched])
        XCTAssertFalse(configuration.isEnabled(on))
        XCTAssertTrue(configuration.isEnabled(off))
        XCTAssertTrue(configuration.isEnabled(untouched))
    }

    func testUnknownKeyIsAnError() {
        XCTAssertEqual(error("{\"strategy\": \"auto\", \"hostContaner\": \"ZStack\"}"), "test.json: unknown key 'hostContaner'; did you mean 'hostContainer'?")
    }

    func testHostContainerIsAStackThatTakesTheGroupsViews() throws {
        for host in ["ZStack", "VStack", "HStack", "LazyVStack", "LazyHStack", "SwiftUI.VStack"] {
            XCTAssertEqual(try parse("{\"hostContainer\": \"\(host)\"}").hostContainer, host)
        }
        for host in ["Text", "if", "Group", "LazyVGrid", "MyStack", ""] {
            XCTAssertEqual(error("{\"hostContainer\": \"\(host)\"}"), "test.json: 'hostContainer' must be one of ZStack, VStack, "
                + "HStack, LazyVStack, LazyHStack (a container that takes the Group's views as they are), not '\(host)'")
        }
    }

    func testGroupLifecycleSettingsStandUnderItsRuleOptionsAndStillReadAtTheTopLevel() throws {
        let nested = try parse(#"{"ruleOptions": {"group-lifecycle": {"strategy": "hoist", "hostContainer": "VStack"}}}"#)
        XCTAssertEqual(nested.strategy, .hoist)
        XCTAssertEqual(nested.hostContainer, "VStack")
        XCTAssertEqual(nested.ruleOptions, [:], "typed fields, not undeclared options")
        XCTAssertEqual(try parse(#"{"strategy": "report", "ruleOptions": {"group-lifecycle": {"strategy": "hoist"}}}"#).strategy, .hoist,
                       "the new place wins in one file")
        XCTAssertEqual(error(#"{"ruleOptions": {"group-lifecycle": {"strategy": "sideways"}}}"#),
                       "test.json: 'ruleOptions.group-lifecycle.strategy' must be one of auto, hoist, distribute, report")
        let old = try ConfigurationFile(json: Data(#"{"strategy": "report", "hostContainer": "VStack"}"#.utf8), source: "old.json")
        XCTAssertEqual(old.configuration.strategy, .report)
        XCTAssertEqual(old.deprecations, [
            "old.json: 'strategy' at the top level is deprecated; set it under ruleOptions.group-lifecycle",
            "old.json: 'hostContainer' at the top level is deprecated; set it under ruleOptions.group-lifecycle",
        ])
        let new = try ConfigurationFile(json: Data(#"{"ruleOptions": {"group-lifecycle": {"strategy": "distribute"}}}"#.utf8), source: "new.json")
        XCTAssertEqual(new.deprecations, [])
        // A nearer file setting it in its new place overrides the files above; what it does not set, it keeps.
        XCTAssertEqual(old.configuration.overridden(by: new).strategy, .distribute)
        XCTAssertEqual(old.configuration.overridden(by: new).hostContainer, "VStack")
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
            "test.json: 'ruleOptions' must be an object of rule id to {option: value}")
        XCTAssertEqual(
            error("{\"ruleOptions\": {\"group-modifiers\": {\"maxMembers\": \"3\"}}}"),
            "test.json: 'ruleOptions.group-modifiers.maxMembers' must be a whole number of at least 0")
        XCTAssertEqual(
            error("{\"ruleOptions\": {\"group-modifiers\": {\"maxMembers\": -1}}}"),
            "test.json: 'ruleOptions.group-modifiers.maxMembers' must be a whole number of at least 0")
        // Not a type name at all: refused by the same allow-list (testHostContainerIsAStackThatTakesTheGroupsViews).
        XCTAssertEqual(error("{\"hostContainer\": \"Z Stack {\"}"), "test.json: 'hostContainer' must be one of ZStack, VStack, "
            + "HStack, LazyVStack, LazyHStack (a container that takes the Group's views as they are), not 'Z Stack {'")
    }

    func testBooleansAndNumbersAreNotInterchangeable() {
        XCTAssertEqual(
            error("{\"rules\": {\"group-lifecycle\": 1}}"),
            "test.json: 'rules' must be an object of rule ids to true/false", "1 is not true")
        XCTAssertEqual(
            error("{\"maxFileSize\": true}"), "test.json: 'maxFileSize' must be a whole number of bytes", "true is not a size")
        XCTAssertEqual(
            error("{\"maxFileSize\": 10.5}"), "test.json: 'maxFileSize' must be a whole number of bytes",
            "sizes are whole numbers")
        XCTAssertEqual(
            error("{\"ruleOptions\": {\"group-modifiers\": {\"maxMembers\": true}}}"),
            "test.json: 'ruleOptions.group-modifiers.maxMembers' must be a whole number of at least 0", "true is not a count")
        XCTAssertEqual(
            error("{\"ruleOptions\": {\"group-modifiers\": {\"maxMembers\": 2.5}}}"),
            "test.json: 'ruleOptions.group-modifiers.maxMembers' must be a whole number of at least 0",
            "counts are whole numbers")
    }

    func testRuleIdsAndOptionNamesAreCheckedAgainstTheDeclarations() {
        let ids = RuleRegistry.all.map(\.id).joined(separator: ", ")
        XCTAssertEqual(
            error("{\"rules\": {\"group-lifecyle\": false}}"),
            "test.json: unknown rule 'group-lifecyle' in 'rules'; did you mean 'group-lifecycle'? the rules are: \(ids)")
        XCTAssertEqual(
            error("{\"ruleOptions\": {\"group-modifiers\": {\"maxMember\": 3}}}"),
            "test.json: unknown option 'maxMember' of group-modifiers in 'ruleOptions'; "
                + "did you mean 'maxMembers'? the options of group-modifiers are: maxMembers, maxModifiers")
        XCTAssertEqual(
            error("{\"ruleOptions\": {\"group-lifecycle\": {\"maxMembers\": 3}}}"),
            "test.json: unknown option 'maxMembers' of group-lifecycle in 'ruleOptions'; group-lifecycle has no options")
        XCTAssertEqual(
            error("{\"ruleOptions\": {\"group-modifers\": {\"maxMembers\": 3}}}"),
            "test.json: unknown rule 'group-modifers' in 'ruleOptions'; did you mean 'group-modifiers'? the rules with options are: "
                + RuleRegistry.all.filter { !$0.options.isEmpty }.map(\.id).joined(separator: ", "))
    }

    func testStringOptionsTakeOnlyTheirDeclaredValues() throws {
        var rule = TestRules.rename("a", to: "b", id: "pick")
        rule.options = [
            .oneOf("mode", values: ["keep", "rewrite"], default: "keep", summary: "what to do"),
            .integer("limit", default: 4, minimum: 1, summary: "how many"),
        ]
        let configuration = try parse("{\"ruleOptions\": {\"pick\": {\"mode\": \"rewrite\"}}}", rules: [rule])
        XCTAssertEqual(configuration.value(of: rule.options[0], for: "pick"), "rewrite")
        XCTAssertEqual(configuration.value(of: rule.options[1], for: "pick"), 4, "an option not set keeps its default")
        XCTAssertEqual(Configuration().value(of: rule.options[0], for: "pick"), "keep")
        XCTAssertEqual(
            error("{\"ruleOptions\": {\"pick\": {\"mode\": \"Rewrite\"}}}", rules: [rule]),
            "test.json: 'ruleOptions.pick.mode' must be one of keep, rewrite")
        XCTAssertEqual(
            error("{\"ruleOptions\": {\"pick\": {\"mode\": 1}}}", rules: [rule]),
            "test.json: 'ruleOptions.pick.mode' must be one of keep, rewrite")
        XCTAssertEqual(
            error("{\"ruleOptions\": {\"pick\": {\"limit\": 0}}}", rules: [rule]),
            "test.json: 'ruleOptions.pick.limit' must be a whole number of at least 1")
    }

    func testMalformedFilesAreErrors() {
        XCTAssertEqual(error("{\"strategy\": "), "test.json:1:14: not valid JSON: expected a value, found the end of the file")
        XCTAssertEqual(
            error("{\n  \"strategy\": \"auto\"\n  \"maxFileSize\": 10\n}"),
            "test.json:3:3: not valid JSON: expected ',' or '}' after a value in an object, found '\"'")
        XCTAssertEqual(error("{\n  \"rules\": { \"onappear-task\": tru }\n}"),
            "test.json:2:31: not valid JSON: expected a value (an object, array, string, number, true, false or null), found 'tru'")
        XCTAssertEqual(error("{\"include\": [\"App/**\n\"]}"),
            "test.json:1:21: not valid JSON: a line break inside a string (is a closing quote missing?)")
        XCTAssertEqual(error("[1, 2]"), "test.json: the top level must be a JSON object")
    }

    /// What `JSONSerialization` read or refused, the configuration reads or refuses: a top level that is not an object
    /// or an array, a number beyond a `Double` and a lone surrogate escape are not valid JSON (no line and column: the
    /// text is well-formed); a comma before a closing bracket is let through.
    func testTheJSONReadIsTheJSONFoundationRead() {
        for text in ["1", "\"rules\"", "true", "null", #"{"//": 1e400}"#, #"{"maxFileSize": -1e999}"#, #"{"include": ["\ud800"]}"#] {
            XCTAssertEqual(error(text), "test.json: not valid JSON", text)
        }
        XCTAssertEqual(error("[]"), "test.json: the top level must be a JSON object")
        XCTAssertEqual(error(#"{"include": ["a",], "exclude": [],}"#), nil)
        // An error is placed by RFC 8259's grammar, which has no comma before a closing bracket.
        XCTAssertEqual(error(#"{"include": ["a",] "#), "test.json:1:18: not valid JSON: a comma before ']': remove it")
    }

    /// A configuration file in UTF-16 or UTF-32 (PowerShell's `>` writes UTF-16), or with a byte order mark, reads as
    /// `JSONSerialization` read it; an error in it is placed in its bytes as they are (at the mark, or the first zero byte).
    func testTheEncodingsFoundationReadStillRead() throws {
        let text = #"{"hostContainer": "VStack"}"#
        let encodings: [(String.Encoding, [UInt8])] = [
            (.utf8, [0xEF, 0xBB, 0xBF]), (.utf16LittleEndian, [0xFF, 0xFE]), (.utf16BigEndian, [0xFE, 0xFF]), (.utf16LittleEndian, []),
            (.utf16BigEndian, []), (.utf32LittleEndian, [0xFF, 0xFE, 0, 0]), (.utf32BigEndian, [0, 0, 0xFE, 0xFF]), (.utf32LittleEndian, []),
            (.utf32BigEndian, []),
        ]
        for (encoding, mark) in encodings {
            let data = Data(mark) + text.data(using: encoding)!
            XCTAssertEqual(try Configuration(json: data, source: "test.json").hostContainer, "VStack", "\(encoding) \(mark)")
        }
        XCTAssertEqual(error(Data([0xEF, 0xBB, 0xBF] + Array(#"{"nope": 1}"#.utf8))), "test.json: unknown key 'nope'")
        let atTheMark = "test.json:1:1: not valid JSON: expected a value (an object, array, string, number, true, false or null), "
            + "found a control or non-ASCII character"
        XCTAssertEqual(error(Data([0xEF, 0xBB, 0xBF] + Array(#"{"nope" 1}"#.utf8))), atTheMark)
        XCTAssertEqual(error(Data([0xFF, 0xFE]) + #"{"a" 1}"#.data(using: .utf16LittleEndian)!), atTheMark)
        XCTAssertEqual(error(Data([0xFF, 0xFE, 0x00, 0xD8, 0x7B, 0x00])), atTheMark, "a lone surrogate is not UTF-16")
        XCTAssertEqual(error(#"{"a" 1}"#.data(using: .utf16LittleEndian)!),
                       "test.json:1:2: not valid JSON: expected a key in double quotes, found a control or non-ASCII character")
    }

    /// Numbers and booleans apart, whole numbers written as `1.0` or `1e3`, later keys over earlier ones, escapes undone.
    func testValuesReadAsFoundationReadThem() throws {
        XCTAssertEqual(try parse(#"{"maxFileSize": 1.0}"#).maxFileSize, 1)
        XCTAssertEqual(try parse(#"{"maxFileSize": 1e3}"#).maxFileSize, 1000)
        XCTAssertEqual(try parse(#"{"maxFileSize": 9223372036854775807}"#).maxFileSize, Int.max)
        XCTAssertEqual(error(#"{"maxFileSize": 9223372036854775808}"#), "test.json: 'maxFileSize' must be a whole number of bytes")
        XCTAssertEqual(error(#"{"maxFileSize": 1, "maxFileSize": "big"}"#), "test.json: 'maxFileSize' must be a whole number of bytes")
        XCTAssertEqual(try parse(#"{"maxFileSize": "big", "maxFileSize": 2}"#).maxFileSize, 2)
        XCTAssertEqual(try parse(#"{"showKept": true, "failBuild": false}"#).showKept, true)
        XCTAssertEqual(error(#"{"showKept": 1}"#), "test.json: 'showKept' must be true or false")
        XCTAssertEqual(error(#"{"failBuild": "true"}"#), "test.json: 'failBuild' must be true or false")
        XCTAssertEqual(try parse(#"{"fileTimeout": 2}"#).fileTimeout, .seconds(2))
        XCTAssertEqual(try parse(#"{"fileTimeout": 2.5e-1}"#).fileTimeout, .milliseconds(250))
        XCTAssertEqual(try parse(#"{"\u0068ostContainer": "\u0056Stack", "identity": {"V\u00e9": "\ud83d\ude00"}}"#).identity,
                       ["Vé": "😀"])
        XCTAssertEqual(try parse(#"{"\u0068ostContainer": "\u0056Stack"}"#).hostContainer, "VStack")
        XCTAssertEqual(error(#"{"identity": {"A": "a", "B": null}}"#), "test.json: 'identity' must be an object of view type to property name")
        XCTAssertEqual(error(#"{"include": [["a"]]}"#), "test.json: 'include' must be an array of globs")
        XCTAssertEqual(error(#"{"rules": {"group-lifecycle": {"on": true}}}"#), "test.json: 'rules' must be an object of rule ids to true/false")
        XCTAssertEqual(error(#"{"ruleOptions": {"group-modifiers": []}}"#), "test.json: 'ruleOptions' must be an object of rule id to {option: value}")
        XCTAssertEqual(error(#"{"ruleOptions": []}"#), "test.json: 'ruleOptions' must be an object of rule id to {option: value}")
        XCTAssertNoThrow(try parse(#"{"// note": {"nested": [1, {"deeper": null}, true, 2.5]}}"#))
        // A rule option is whole when its nearest Double is: 2^63 - 1 is not (its Double is 2^63).
        let maxMembers = { (json: String) in try self.parse(json).value(of: GroupModifiersRule.maxMembers, for: GroupModifiersRule.id) as Int }
        XCTAssertEqual(try maxMembers(#"{"ruleOptions": {"group-modifiers": {"maxMembers": 3.0}}}"#), 3)
        XCTAssertEqual(try maxMembers(#"{"ruleOptions": {"group-modifiers": {"maxMembers": 4e0}}}"#), 4)
        XCTAssertEqual(try maxMembers(#"{"ruleOptions": {"group-modifiers": {"maxMembers": 9007199254740993}}}"#), 9007199254740992)
        XCTAssertEqual(
            error(#"{"ruleOptions": {"group-modifiers": {"maxMembers": 9223372036854775807}}}"#),
            "test.json: 'ruleOptions.group-modifiers.maxMembers' must be a whole number of at least 0")
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

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("configuration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
