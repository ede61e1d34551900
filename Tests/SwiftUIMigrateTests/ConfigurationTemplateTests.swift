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
        for rule in RuleRegistry.all {
            XCTAssertEqual(parsed.isEnabled(rule), Configuration().isEnabled(rule), rule.id)
        }
    }

    func testEveryOptionIsPresentAndExplained() throws {
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(ConfigurationTemplate.render().utf8)) as? [String: Any])
        let options = Set(object.keys.filter { !Configuration.isComment($0) })
        XCTAssertEqual(options, Configuration.knownKeys)
        for key in Configuration.knownKeys {
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
