import Foundation
import XCTest

/// The README's quick start, command by command, on a small app: from the repository's root and from
/// a subfolder (where a run covers that subfolder), as a new user would type it.
final class QuickStartTests: XCTestCase {
    func testTheQuickStartWorksFromTheRootAndFromASubfolder() throws {
        for folder in [".", "App"] {
            let repository = try GitRepositoryFolder()
            try repository.folder.write("App/ContentView.swift", Samples.groupLifecycle)
            try repository.folder.write("App/Model.swift", "struct Model {}\n")
            try repository.folder.write("README.md", "# App\n")
            try repository.git("add", "-A")
            try repository.git("commit", "-q", "-m", "app")
            let here = repository.path + "/" + folder

            // swiftui-migrate scan
            let scan = try ToolProcess.run(["scan"], in: here)
            XCTAssertEqual(scan.status, 1, "\(folder): \(scan.stderr)")
            XCTAssertTrue(scan.stdout.contains("ContentView.swift:"), "\(folder): \(scan.stdout)")

            // swiftui-migrate diff > migration.patch; git apply migration.patch
            let diff = try ToolProcess.run(["diff"], in: here)
            XCTAssertEqual(diff.status, 0, "\(folder): \(diff.stderr)")
            try Data(diff.stdout.utf8).write(to: URL(fileURLWithPath: here + "/migration.patch"))
            try repository.git("-C", folder, "apply", "migration.patch")
            XCTAssertEqual(
                try repository.git("diff", "--name-only"), "App/ContentView.swift\n", "\(folder): git apply changed the file")
            try repository.git("checkout", "--", ".")
            try FileManager.default.removeItem(atPath: here + "/migration.patch")

            // swiftui-migrate apply --commit --summary pr.md; git show --stat
            let apply = try ToolProcess.run(["apply", "--commit", "--summary", "pr.md"], in: here)
            XCTAssertEqual(apply.status, 0, "\(folder): \(apply.stderr)")
            XCTAssertEqual(try repository.git("rev-parse", "--abbrev-ref", "HEAD"), "swiftui-migrate/lifecycle\n")
            XCTAssertEqual(try repository.git("show", "--name-only", "--format="), "App/ContentView.swift\n", folder)
            let summary = folder == "." ? "pr.md" : folder + "/pr.md"
            XCTAssertEqual(try repository.git("status", "--porcelain"), "?? \(summary)\n", "\(folder): only the summary is new")
            XCTAssertTrue(try repository.folder.read(summary).contains("ContentView.swift"), folder)

            // git switch - && git branch -D swiftui-migrate/lifecycle
            try repository.git("-C", folder, "switch", "-q", "-")
            try repository.git("-C", folder, "branch", "-q", "-D", "swiftui-migrate/lifecycle")
            XCTAssertEqual(try repository.git("rev-parse", "--abbrev-ref", "HEAD"), "main\n", folder)
        }
    }
}
