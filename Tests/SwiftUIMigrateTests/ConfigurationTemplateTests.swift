import Foundation
import SwiftUIMigrate
import XCTest

/// `swiftui-migrate init`'s file: valid, every option at its default, each one explained.
final class ConfigurationTemplateTests: XCTestCase {
    func testTemplateReadsBackAsTheDefaultConfiguration() throws {
        let text = ConfigurationTemplate.render()
        var expected = Configuration()
        expected.rules = Dictionary(uniqueKeysWithValues: RuleRegistry.all.map { ($0.id, $0.isEnabledByDefault) })
        let parsed = try Configuration(json: Data(text.utf8), source: "template")
        XCTAssertEqual(parsed.rules, expected.rules)
        XCTAssertEqual(parsed.strategy, expected.strategy)
        XCTAssertEqual(parsed.hostContainer, expected.hostContainer)
        XCTAssertEqual(parsed.include, [])
        XCTAssertEqual(parsed.exclude, [])
        XCTAssertEqual(parsed.identity, [:])
        XCTAssertEqual(parsed.maxFileSize, expected.maxFileSize)
        XCTAssertEqual(parsed.fileTimeout, expected.fileTimeout)
        for rule in RuleRegistry.all {
            XCTAssertEqual(parsed.isEnabled(rule), Configuration().isEnabled(rule), rule.id)
        }
        XCTAssertEqual(Set(parsed.ruleOptions.keys), Set(RuleRegistry.all.filter { !$0.options.isEmpty }.map(\.id)))
        for rule in RuleRegistry.all {
            for option in rule.options {
                XCTAssertEqual(parsed.ruleOptions[rule.id]?[option.name], option.defaultValue, "\(rule.id).\(option.name)")
            }
        }
    }

    func testRuleOptionsComeFromTheDeclarations() throws {
        var rule = TestRules.rename("a", to: "b", id: "pick")
        rule.options = [
            .oneOf("mode", values: ["keep", "rewrite"], default: "keep", summary: "what to do with it"),
            .integer("limit", default: 4, minimum: 1, summary: "how many at most"),
        ]
        let plain = TestRules.rename("c", to: "d", id: "plain")
        let text = ConfigurationTemplate.render(rules: [plain, rule])
        let parsed = try Configuration(json: Data(text.utf8), source: "template", rules: [plain, rule])
        XCTAssertEqual(parsed.ruleOptions, ["pick": ["mode": "keep", "limit": 4]])
        XCTAssertTrue(text.contains("pick: mode, what to do with it (one of keep, rewrite); limit, how many at most (a whole number of at least 1)"), text)
        let none = ConfigurationTemplate.render(rules: [plain])
        XCTAssertEqual(try Configuration(json: Data(none.utf8), source: "template", rules: [plain]).ruleOptions, [:])
    }

    func testEveryOptionIsPresentAndExplained() throws {
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(ConfigurationTemplate.render().utf8)) as? [String: Any])
        let options = Set(object.keys.filter { !Configuration.isComment($0) })
        // group-lifecycle's settings stand under ruleOptions, their place; the top level still reads them (deprecated).
        let placed = Configuration.knownKeys.subtracting(Configuration.groupLifecycleSettings)
        XCTAssertEqual(options, placed)
        let groupLifecycle = (object["ruleOptions"] as? [String: Any])?[GroupLifecycleRule.id] as? [String: String]
        XCTAssertEqual(groupLifecycle, ["strategy": "auto", "hostContainer": "ZStack"])
        for key in placed {
            let comment = try XCTUnwrap(object["// " + key] as? String, key)
            XCTAssertFalse(comment.isEmpty, key)
        }
        XCTAssertNotNil(object["//"] as? String)
    }

    func testCommentKeysAreIgnoredButOtherUnknownKeysAreStillErrors() {
        XCTAssertNoThrow(try Configuration(json: Data(#"{"// note": "hi", "//": 3}"#.utf8), source: "c.json"))
        XCTAssertThrowsError(try Configuration(json: Data(#"{"/ note": "hi"}"#.utf8), source: "c.json")) { error in
            XCTAssertEqual("\(error)", "c.json: unknown key '/ note'")
        }
    }
}
