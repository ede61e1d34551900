import ArgumentParsing
import XCTest

final class ArgumentParserTests: XCTestCase {
    private enum Format: String, CaseIterable, Sendable { case xcode, json }
    private struct NotANumber: Error {}

    private static let format = Option("format", value: "format", help: "Output format.", default: Format.xcode)
    private static let rules = Option(list: "rules", value: "ids", help: "Rules.")
    private static let jobs = Option("jobs", short: "j", value: "n", help: "Workers.") {
        guard let jobs = Int($0) else { throw NotANumber() }
        return jobs
    }
    private static let exitCode = Flag("exit-code", help: "Exit 1 on changes.")
    private let command = CommandSpec(
        name: "scan", abstract: "Find things.", options: [format, rules, jobs, exitCode],
        positional: PositionalSpec(name: "path", help: "Files.", maximum: 3))

    func testSeparateAndInlineValuesReadTyped() throws {
        let parsed = try ArgumentParser.parse(["--format", "json", "a.swift", "--jobs=4", "b"], for: command)
        XCTAssertEqual(try parsed[Self.format], .json)
        XCTAssertEqual(try parsed[Self.jobs], 4)
        XCTAssertEqual(parsed.positionals, ["a.swift", "b"])
    }

    func testShortOptionForms() throws {
        XCTAssertEqual(try ArgumentParser.parse(["-j", "2"], for: command)[Self.jobs], 2)
        XCTAssertEqual(try ArgumentParser.parse(["-j3"], for: command)[Self.jobs], 3)
        XCTAssertEqual(try ArgumentParser.parse(["-j=5"], for: command)[Self.jobs], 5)
    }

    func testAValueTheParseFunctionRefusesThrowsItsErrorWhenRead() throws {
        let parsed = try ArgumentParser.parse(["--jobs", "many"], for: command)
        XCTAssertThrowsError(try parsed[Self.jobs]) { XCTAssertTrue($0 is NotANumber, "\($0)") }
    }

    func testFlagsAndHelp() throws {
        let parsed = try ArgumentParser.parse(["--exit-code", "-h"], for: command)
        XCTAssertTrue(try parsed[Self.exitCode])
        XCTAssertTrue(parsed.has(Self.exitCode))
        XCTAssertTrue(parsed.wantsHelp)
        XCTAssertFalse(try ArgumentParser.parse([], for: command)[Self.exitCode])
    }

    func testDoubleDashEndsOptions() throws {
        let parsed = try ArgumentParser.parse(["--", "--format", "-x"], for: command)
        XCTAssertEqual(parsed.positionals, ["--format", "-x"])
        XCTAssertFalse(parsed.has(Self.format))
        XCTAssertEqual(try parsed[Self.format], .xcode, "not given: the key's default")
    }

    func testRepeatableOptionsAccumulateAndSplitOnCommas() throws {
        let parsed = try ArgumentParser.parse(["--rules", "a,b", "--rules=c, ,d"], for: command)
        XCTAssertEqual(try parsed[Self.rules], ["a", "b", "c", "d"])
        XCTAssertEqual(try ArgumentParser.parse([], for: command)[Self.rules], [])
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

    func testDefaultsAreReadOnlyForOptionsNotGiven() throws {
        let branch = Option("branch", value: "name", help: "Branch.", default: "migrate/lifecycle")
        let workers = Option("jobs", value: "n", help: "Workers.", shownDefault: "the number of cores")
        let spec = CommandSpec(name: "batch", abstract: "x", options: [branch, workers])
        let none = try ArgumentParser.parse([], for: spec)
        XCTAssertEqual(try none[branch], "migrate/lifecycle")
        XCTAssertFalse(none.has(branch))
        XCTAssertNil(try none[workers], "a shown default is not applied")
        let given = try ArgumentParser.parse(["--branch", "mine"], for: spec)
        XCTAssertEqual(try given[branch], "mine")
        XCTAssertTrue(given.has(branch))
        let help = HelpText.render(spec, toolName: "t")
        XCTAssertTrue(help.contains("Branch. (default: migrate/lifecycle)"), help)
        XCTAssertTrue(help.contains("Workers. (default: the number of cores)"), help)
    }

    func testAKeyWordedForAnotherCommandReadsTheSameOption() throws {
        let batch = CommandSpec(name: "batch", abstract: "x", options: [Self.exitCode.help("Exit 1 on changes (scan).")])
        XCTAssertEqual(batch.options.map(\.help), ["Exit 1 on changes (scan)."])
        XCTAssertTrue(try ArgumentParser.parse(["--exit-code"], for: batch)[Self.exitCode])
    }

    func testNegativeNumberIsAValue() throws {
        XCTAssertEqual(try ArgumentParser.parse(["--jobs", "-1"], for: command)[Self.jobs], -1)
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

    // MARK: Declared rules

    private static let inPlace = Flag("in-place", help: "Files only.")
    private static let commit = Flag("commit", help: "Commit.")
    private static let branch = Option("branch", value: "name", help: "Branch.", default: "migrate")
    private static let noGit = Flag("no-git", help: "Walk folders.")
    private let apply = CommandSpec(
        name: "apply", abstract: "x", options: [inPlace, commit, branch, noGit],
        positional: PositionalSpec(name: "path", help: "p", maximum: 1),
        rules: [
            .conflicts(inPlace, with: [branch, commit]) { "--in-place writes no git state, so \($0) does not apply" },
            .requires(noGit, oneOf: [inPlace], "--no-git goes with --in-place"),
            OptionRule { $0.has(commit) && !$0.has(branch) ? "--commit wants a --branch" : nil },
        ])

    func testAConflictNamesTheFirstOptionOfItsDeclaredListGiven() {
        // Declared order, not command-line order: --branch is listed before --commit.
        assertRuleBroken(["--in-place", "--commit", "--branch", "b"], "--in-place writes no git state, so --branch does not apply")
        assertRuleBroken(["--commit", "--in-place"], "--in-place writes no git state, so --commit does not apply")
        XCTAssertNoThrow(try ArgumentParser.parse(["--in-place", "--no-git"], for: apply))
        XCTAssertNoThrow(try ArgumentParser.parse(["--commit", "--branch", "b"], for: apply))
    }

    func testADefaultIsNotGivenSoItConflictsWithNothing() throws {
        let parsed = try ArgumentParser.parse(["--in-place"], for: apply)
        XCTAssertEqual(try parsed[Self.branch], "migrate")
    }

    func testRequiresAndCustomRulesAreCheckedInTheirDeclaredOrder() {
        assertRuleBroken(["--no-git"], "--no-git goes with --in-place")
        assertRuleBroken(["--commit"], "--commit wants a --branch")
        // Both the conflict and the requirement are broken: the first rule declared is the error.
        assertRuleBroken(["--in-place", "--commit", "--no-git"], "--in-place writes no git state, so --commit does not apply")
    }

    func testRulesComeAfterTheCommandLineIsReadAndNotWithHelp() {
        // An unknown option and a positional too many are found first; help wins over a broken rule.
        assertUsageError(["--no-git", "--frobnicate"], "unknown option '--frobnicate'", for: apply)
        assertUsageError(["--no-git", "a", "b"], "unexpected argument 'b'", for: apply)
        XCTAssertEqual(try ArgumentParser.parse(["--no-git", "--help"], for: apply).wantsHelp, true)
    }

    private func assertRuleBroken(_ arguments: [String], _ message: String, line: UInt = #line) {
        XCTAssertThrowsError(try ArgumentParser.parse(arguments, for: apply), line: line) { error in
            XCTAssertEqual(error as? UsageError, UsageError(message, pointsToHelp: false), line: line)
        }
    }

    private func assertUsageError(_ arguments: [String], _ message: String, for spec: CommandSpec? = nil, line: UInt = #line) {
        XCTAssertThrowsError(try ArgumentParser.parse(arguments, for: spec ?? command), line: line) { error in
            XCTAssertEqual(error as? UsageError, UsageError(message), line: line)
        }
    }
}
