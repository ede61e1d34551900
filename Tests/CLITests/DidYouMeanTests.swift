import XCTest

/// A misspelt command, option, rule or configuration key is a one-line error with the closest
/// name, when one is close; nothing is suggested for a name close to none.
final class DidYouMeanTests: XCTestCase {
    func testMisspeltNamesOnTheCommandLineSuggestTheClosest() throws {
        let cases: [([String], String)] = [
            (["scna"], "error: unknown command 'scna'; did you mean 'scan'? (see 'swiftui-migrate --help')\n"),
            (["expalin", "group-lifecycle"], "error: unknown command 'expalin'; did you mean 'explain'? (see 'swiftui-migrate --help')\n"),
            (["scan", "--fromat", "json"], "error: unknown option '--fromat'; did you mean '--format'? (see 'swiftui-migrate scan --help')\n"),
            (["diff", "--colour", "never"], "error: unknown option '--colour'; did you mean '--color'? (see 'swiftui-migrate diff --help')\n"),
            (["apply", "--branh=x"], "error: unknown option '--branh'; did you mean '--branch'? (see 'swiftui-migrate apply --help')\n"),
            (["scan", "--rules", "group-lifecyle", "."],
             "error: unknown rule 'group-lifecyle'; did you mean 'group-lifecycle'? (see 'swiftui-migrate rules')\n"),
            (["explain", "onapear-task"],
             "error: unknown rule or reason 'onapear-task'; did you mean 'onappear-task'? (see 'swiftui-migrate rules'; a finding's reasonID is rule/decision)\n"),
            (["frobnicate"], "error: unknown command 'frobnicate' (see 'swiftui-migrate --help')\n"),
            (["scan", "--bogus"], "error: unknown option '--bogus' (see 'swiftui-migrate scan --help')\n"),
        ]
        for (arguments, expected) in cases {
            let result = try ToolProcess.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, expected, "\(arguments)")
        }
    }

    func testAMisspeltConfigurationKeySuggestsTheClosest() throws {
        let folder = try TemporaryFolder()
        try folder.write("ContentView.swift", Samples.groupLifecycle)
        let file = try folder.write(".swiftui-migrate.json", #"{"stratgy": "report"}"#)
        let result = try ToolProcess.run(["scan", "."], in: folder.path)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "error: \(file): unknown key 'stratgy'; did you mean 'strategy'?\n")
        try folder.write(".swiftui-migrate.json", #"{"mode": "report"}"#)
        let far = try ToolProcess.run(["scan", "."], in: folder.path)
        XCTAssertEqual(far.stderr, "error: \(file): unknown key 'mode'\n")
    }
}
