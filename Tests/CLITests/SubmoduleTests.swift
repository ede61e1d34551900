import Foundation
import XCTest

/// `apply` run from a superproject on a real git submodule's folder (made with `git submodule add`) refuses,
/// leaving the submodule's branches, HEAD, index and files as they were; the superproject's own run leaves the
/// submodule alone; run inside the submodule, `apply` migrates it as any repository.
final class SubmoduleTests: XCTestCase {
    func testApplyFromTheSuperprojectNeverWritesTheSubmodule() throws {
        let library = try GitRepositoryFolder()
        try library.commit(["ContentView.swift": Samples.groupLifecycle])
        let superproject = try GitRepositoryFolder()
        try superproject.commit(["App/MainView.swift": Samples.groupLifecycle])
        try superproject.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", library.path, "Lib")
        try superproject.git("commit", "-q", "-m", "add the library")
        let submodule = superproject.path + "/Lib"
        func state() throws -> [String] {
            try [["branch", "--list", "--format=%(refname)"], ["rev-parse", "HEAD"], ["status", "--porcelain"]].map { command in
                try runGitOutput(command, in: submodule)
            } + [try superproject.folder.read("Lib/ContentView.swift")]
        }
        let before = try state()

        for (arguments, command) in [
            (["apply", "Lib"], "swiftui-migrate apply"),
            (["apply", "--commit", "Lib"], "swiftui-migrate apply"),
            (["apply", "--no-checkout", "Lib"], "swiftui-migrate apply"),
            (["apply", "--in-place", "Lib"], "swiftui-migrate apply --in-place"),
            (["apply", "--in-place", "Lib/ContentView.swift"], "swiftui-migrate apply --in-place"),
        ] {
            let result = try ToolProcess.run(arguments, in: superproject.path)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr, "error: \(arguments.last!) is inside the submodule Lib, and apply never writes a submodule "
                + "from its superproject; run it inside the submodule: cd Lib && \(command)\n", "\(arguments)")
            XCTAssertEqual(try state(), before, "\(arguments) changed the submodule")
        }

        // The superproject's own run migrates its files and leaves the submodule alone.
        let whole = try ToolProcess.run(["apply", "--commit"], in: superproject.path)
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertEqual(try superproject.git("show", "--name-only", "--format=", "HEAD"), "App/MainView.swift\n")
        XCTAssertEqual(try state(), before)

        // Inside the submodule it is a repository like any other.
        let inside = try ToolProcess.run(["apply"], in: submodule)
        XCTAssertEqual(inside.status, 0, inside.stderr)
        XCTAssertEqual(try runGitOutput(["symbolic-ref", "HEAD"], in: submodule), "refs/heads/swiftui-migrate/lifecycle\n")
    }

    /// The standard output of the git CLI run in `directory`.
    private func runGitOutput(_ arguments: [String], in directory: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }
}
