import ArgumentParsing
import XCTest

final class ArgumentParserTests: XCTestCase {
    private let command = CommandSpec(
        name: "scan", abstract: "Find things.",
        options: [
            .option("format", value: "format", help: "Output format.", allowed: ["xcode", "json"], default: "xcode"),
            .option("rules", value: "ids", help: "Rules.", repeatable: true),
            .option("jobs", short: "j", value: "n", help: "Workers."),
            .flag("exit-code", help: "Exit 1 on changes."),
        ],
        positional: PositionalSpec(name: "path", help: "Files.", maximum: 3))

    func testSeparateAndInlineValues() throws {
        let parsed = try ArgumentParser.parse(["--format", "json", "a.swift", "--jobs=4", "b"], for: command)
        XCTAssertEqual(parsed.value("format"), "json")
        XCTAssertEqual(parsed.value("jobs"), "4")
        XCTAssertEqual(parsed.positionals, ["a.swift", "b"])
    }

    func testShortOptionForms() throws {
        XCTAssertEqual(try ArgumentParser.parse(["-j", "2"], for: command).value("jobs"), "2")
        XCTAssertEqual(try ArgumentParser.parse(["-j3"], for: command).value("jobs"), "3")
        XCTAssertEqual(try ArgumentParser.parse(["-j=5"], for: command).value("jobs"), "5")
    }

    func testFlagsAndHelp() throws {
        let parsed = try ArgumentParser.parse(["--exit-code", "-h"], for: command)
        XCTAssertTrue(parsed.flag("exit-code"))
        XCTAssertTrue(parsed.wantsHelp)
        XCTAssertFalse(try ArgumentParser.parse([], for: command).flag("exit-code"))
    }

    func testDoubleDashEndsOptions() throws {
        let parsed = try ArgumentParser.parse(["--", "--format", "-x"], for: command)
        XCTAssertEqual(parsed.positionals, ["--format", "-x"])
        XCTAssertNil(parsed.given("format"))
        XCTAssertEqual(parsed.value("format"), "xcode", "not given: the spec's default")
    }

    func testRepeatableOptionsAccumulateAndSplitOnCommas() throws {
        let parsed = try ArgumentParser.parse(["--rules", "a,b", "--rules=c"], for: command)
        XCTAssertEqual(parsed.list("rules"), ["a", "b", "c"])
    }

    func testErrors() {
        assertUsageError(["--frobnicate"], "unknown option '--frobnicate'")
        assertUsageError(["-z"], "unknown option '-z'")
        assertUsageError(["--format"], "missing value for '--format <format>'")
        assertUsageError(["--format", "--exit-code"], "missing value for '--format <format>'")
        assertUsageError(["--format", "yaml"], "the value 'yaml' is invalid for '--format <format>'; use one of: xcode, json")
        assertUsageError(["--format", "json", "--format", "xcode"], "'--format <format>' was given more than once")
        assertUsageError(["--exit-code=yes"], "the flag '--exit-code' takes no value")
        assertUsageError(["a", "b", "c", "d"], "unexpected argument 'd'")
    }

    func testPositionalMinimumAndNone() {
        let needsOne = CommandSpec(name: "explain", abstract: "x", positional: PositionalSpec(name: "rule", help: "r", minimum: 1, maximum: 1))
        XCTAssertThrowsError(try ArgumentParser.parse([], for: needsOne)) { error in
            XCTAssertEqual((error as? UsageError)?.message, "missing expected argument '<rule>'")
        }
        let takesNone = CommandSpec(name: "rules", abstract: "x")
        XCTAssertThrowsError(try ArgumentParser.parse(["x"], for: takesNone)) { error in
            XCTAssertEqual((error as? UsageError)?.message, "unexpected argument 'x'")
        }
        XCTAssertNoThrow(try ArgumentParser.parse(["-h"], for: needsOne))
    }

    func testDefaultsComeFromTheSpecOnlyForOptionsNotGiven() throws {
        let spec = CommandSpec(
            name: "batch", abstract: "x",
            options: [
                .option("branch", value: "name", help: "Branch.", default: "migrate/lifecycle"),
                .option("jobs", value: "n", help: "Workers.", shownDefault: "the number of cores"),
            ])
        let none = try ArgumentParser.parse([], for: spec)
        XCTAssertEqual(none.value("branch"), "migrate/lifecycle")
        XCTAssertNil(none.given("branch"))
        XCTAssertNil(none.value("jobs"), "a shown default is not applied")
        let given = try ArgumentParser.parse(["--branch", "mine"], for: spec)
        XCTAssertEqual(given.value("branch"), "mine")
        XCTAssertEqual(given.given("branch"), "mine")
        let help = HelpText.render(spec, toolName: "t")
        XCTAssertTrue(help.contains("Branch. (default: migrate/lifecycle)"), help)
        XCTAssertTrue(help.contains("Workers. (default: the number of cores)"), help)
    }

    func testNegativeNumberIsAValue() throws {
        XCTAssertEqual(try ArgumentParser.parse(["--jobs", "-1"], for: command).value("jobs"), "-1")
    }

    func testHelpListsEveryOptionWithValuesAndDefaults() {
        let help = HelpText.render(command, toolName: "swiftui-migrate")
        XCTAssertTrue(help.hasPrefix("OVERVIEW: Find things.\n\nUSAGE: swiftui-migrate scan [--format <format>]"))
        XCTAssertTrue(help.contains("--format <format>"))
        XCTAssertTrue(help.contains("(values: xcode, json) (default: xcode)"))
        XCTAssertTrue(help.contains("-j, --jobs <n>"))
        XCTAssertTrue(help.contains("-h, --help"))
        XCTAssertTrue(help.contains("[<path> ...]"))
    }

    private func assertUsageError(_ arguments: [String], _ message: String, line: UInt = #line) {
        XCTAssertThrowsError(try ArgumentParser.parse(arguments, for: command), line: line) { error in
            XCTAssertEqual((error as? UsageError)?.message, message, line: line)
        }
    }
}
