import Foundation
import XCTest

/// The deployment floor found beside the files, as a user meets it: `scan` and `apply` in a folder
/// whose Package.swift, Xcode project or configuration sets the floor, and the note on stderr.
final class DeploymentFloorCommandTests: XCTestCase {
    private static let view = """
        import SwiftUI

        struct RecipeBadge: View {
            let recipeID: UUID
            @State private var title = ""

            var body: some View {
                Text(title)
                    .onAppear {
                        Task { title = await RecipeStore.shared.title(recipeID) }
                    }
            }
        }

        """

    static var viewForTests: String { view }
    static func packageForTests(_ platforms: String) -> String { package(platforms) }

    private static func package(_ platforms: String) -> String {
        """
        // swift-tools-version: 5.9
        import PackageDescription

        let package = Package(
            name: "Recipes",
            \(platforms)
            targets: [.target(name: "Recipes")]
        )

        """
    }

    private func folder(platforms: String?) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("Sources/Recipes/RecipeBadge.swift", Self.view)
        if let platforms { try folder.write("Package.swift", Self.package(platforms)) }
        return folder
    }

    func testPackageBelowTheFloorSkipsWithTheReason() throws {
        let folder = try self.folder(platforms: "platforms: [.iOS(.v14)],")
        let result = try ToolProcess.run(["scan", "--format", "json", "."], in: folder.path)
        XCTAssertEqual(result.status, 0, "a keep asks for nothing: \(result.stderr)")
        let findings = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(findings.first?["action"] as? String, "keep")
        XCTAssertEqual(
            findings.first?["reason"] as? String,
            "the deployment floor is iOS 14.0 (Package.swift), and task needs iOS 15.0")
        // Below the floor there is nothing to do: a keep, and no floor note, which names the floors of printed findings.
        XCTAssertEqual(result.stderr, "")

        let apply = try ToolProcess.run(["apply", "--in-place", "."], in: folder.path)
        XCTAssertEqual(apply.status, 0, apply.stderr)
        XCTAssertEqual(try folder.read("Sources/Recipes/RecipeBadge.swift"), Self.view, "nothing rewritten below the floor")
    }

    func testPackageAboveTheFloorRewrites() throws {
        let folder = try self.folder(platforms: "platforms: [.iOS(.v16), .macOS(.v13)],")
        let result = try ToolProcess.run(["scan", "."], in: folder.path)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("warning: use task instead of starting a Task in onAppear"), result.stdout)
        XCTAssertEqual(result.stderr, "note: deployment floor iOS 16.0, macOS 13.0 for 1 file, from Package.swift\n")

        let apply = try ToolProcess.run(["apply", "--in-place", "."], in: folder.path)
        XCTAssertEqual(apply.status, 0, apply.stderr)
        XCTAssertTrue(try folder.read("Sources/Recipes/RecipeBadge.swift").contains(".task(id: recipeID) {"))
    }

    func testNoFloorFoundRewritesAndSaysWhatItAssumed() throws {
        let folder = try self.folder(platforms: nil)
        let result = try ToolProcess.run(["scan", "--format", "sarif", "."], in: folder.path)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "note: no deployment target found (no .swiftui-migrate.json deploymentTarget, Package.swift platforms or Xcode "
                + "setting); assuming the task APIs are available\n")
        XCTAssertTrue(result.stdout.hasPrefix("{"), "stdout stays the SARIF log")
    }

    func testPackageWithoutPlatformsUsesSwiftPMDefaults() throws {
        let folder = try self.folder(platforms: "")
        let result = try ToolProcess.run(["scan", "--format", "json", "."], in: folder.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("\"action\" : \"keep\""), result.stdout)
        XCTAssertTrue(result.stdout.contains("Package.swift, no platforms: so SwiftPM's defaults"), result.stdout)
    }

    func testNearestPackageWinsOverTheXcodeProject() throws {
        let folder = try TemporaryFolder()
        try folder.write("App.xcodeproj/project.pbxproj", "IPHONEOS_DEPLOYMENT_TARGET = 14.0;\nIPHONEOS_DEPLOYMENT_TARGET = 17.0;\n")
        try folder.write("Config/Shared.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 16.0\n")
        try folder.write("App/RecipeBadge.swift", Self.view)
        try folder.write("Packages/Kit/Package.swift", Self.package("platforms: [.iOS(.v16)],"))
        try folder.write("Packages/Kit/Sources/Kit/RecipeBadge.swift", Self.view)
        let result = try ToolProcess.run(["scan", "--format", "json", "."], in: folder.path)
        let findings = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let byFile = Dictionary(uniqueKeysWithValues: findings.map { ($0["file"] as! String, $0) })
        XCTAssertEqual(byFile["App/RecipeBadge.swift"]?["action"] as? String, "keep")
        XCTAssertEqual(
            byFile["App/RecipeBadge.swift"]?["reason"] as? String,
            "the deployment floor is iOS 14.0 (lowest target in App.xcodeproj and 1 .xcconfig file), and task needs iOS 15.0")
        XCTAssertEqual(byFile["Packages/Kit/Sources/Kit/RecipeBadge.swift"]?["action"] as? String, "rewrite")
        XCTAssertEqual(result.stderr, """
            note: deployment floor iOS 16.0 for 1 file, from Packages/Kit/Package.swift

            """)
    }

    func testConfigurationDeploymentTargetOverridesThePackage() throws {
        let folder = try self.folder(platforms: "platforms: [.iOS(.v14)],")
        try folder.write(".swiftui-migrate.json", #"{"deploymentTarget": {"iOS": "17.0"}}"#)
        let result = try ToolProcess.run(["scan", "."], in: folder.path)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderr, "note: deployment floor iOS 17.0 (.swiftui-migrate.json deploymentTarget)\n")

        try folder.write(".swiftui-migrate.json", #"{"deploymentTarget": {"iPadOS": "17.0"}}"#)
        let bad = try ToolProcess.run(["scan", "."], in: folder.path)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.hasSuffix("'deploymentTarget' has unknown platform 'iPadOS' (use iOS, macOS, tvOS, watchOS, visionOS, macCatalyst)\n"), bad.stderr)
    }

    func testNoCheckoutReadsTheManifestFromHEAD() throws {
        let repository = try GitRepositoryFolder()
        try repository.commit([
            "Package.swift": Self.package("platforms: [.iOS(.v14)],"),
            "Sources/Recipes/RecipeBadge.swift": Self.view,
        ])
        // The worktree says iOS 16, HEAD says iOS 14: no-checkout mode goes by HEAD.
        try Self.package("platforms: [.iOS(.v16)],").write(toFile: repository.path + "/Package.swift", atomically: true, encoding: .utf8)
        let result = try ToolProcess.run(["apply", "--no-checkout", "--format", "json", "."], in: repository.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("\"result\" : \"nothing-to-stage\""), result.stdout)
        XCTAssertTrue(result.stdout.contains("the deployment floor is iOS 14.0 (Package.swift)"), result.stdout)
    }
}

extension DeploymentFloorCommandTests {
    func testUnreadablePlatformsFallBackToTheXcodeProjectWithANote() throws {
        let folder = try TemporaryFolder()
        try folder.write("App.xcodeproj/project.pbxproj", "\t\tMACOSX_DEPLOYMENT_TARGET = 11.0;\n")
        try folder.write("Package.swift", "import PackageDescription\nlet supported: [SupportedPlatform] = [.macOS(.v13)]\nlet package = Package(name: \"A\", platforms: supported)\n")
        try folder.write("Sources/A/RecipeBadge.swift", Self.viewForTests)
        try folder.write("Loose/Other.swift", "let x = 1\n")
        let result = try ToolProcess.run(["scan", "--format", "json", "Sources", "Package.swift"], in: folder.path)
        XCTAssertEqual(result.stderr, """
            note: Package.swift: platforms: is not a list literal; looking further

            """)
        XCTAssertTrue(result.stdout.contains("task needs macOS 12.0"), result.stdout)
    }

    func testSomeFilesWithoutAFloorAreCounted() throws {
        let folder = try TemporaryFolder()
        try folder.write("Kit/Package.swift", Self.packageForTests("platforms: [.iOS(.v17)],"))
        try folder.write("Kit/Sources/Kit/RecipeBadge.swift", Self.viewForTests)
        try folder.write("Scripts/Tool.swift", Self.viewForTests)
        try folder.write("Scripts/Clean.swift", "let x = 1\n")
        let result = try ToolProcess.run(["scan", "."], in: folder.path)
        // Only the floors of the files with a printed finding are noted: Package.swift and Clean.swift have none.
        XCTAssertEqual(result.stderr, """
            note: deployment floor iOS 17.0 for 1 file, from Kit/Package.swift
            note: no deployment target found for 1 of 2 files (no .swiftui-migrate.json deploymentTarget, Package.swift \
            platforms or Xcode setting); assuming the task APIs are available

            """)
    }

    func testNoCheckoutReadsTheXcodeProjectFromHEAD() throws {
        let repository = try GitRepositoryFolder()
        try repository.commit([
            "App.xcodeproj/project.pbxproj": "\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 14.0;\n",
            "App/Views/RecipeBadge.swift": Self.viewForTests,
        ])
        try "\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 16.0;\n".write(
            toFile: repository.path + "/App.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        let result = try ToolProcess.run(["apply", "--no-checkout", "--format", "json", "App/Views"], in: repository.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("\"result\" : \"nothing-to-stage\""), result.stdout)
        XCTAssertTrue(
            result.stdout.contains("the deployment floor is iOS 14.0 (lowest target in App.xcodeproj), and task needs iOS 15.0"),
            result.stdout)
    }

    func testAToolsOnlyPackageDoesNotSetTheFloorOfTheAppBesideIt() throws {
        let folder = try TemporaryFolder()
        // A root manifest for build tools only (no platforms: it would mean SwiftPM's oldest defaults),
        // beside an app whose Xcode project requires iOS 16.
        try folder.write("Package.swift", "import PackageDescription\nlet package = Package(name: \"Tools\", targets: [.executableTarget(name: \"Lint\")])\n")
        try folder.write("Sources/Lint/main.swift", "print(1)\n")
        try folder.write("App.xcodeproj/project.pbxproj", "\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 16.0;\n")
        try folder.write("App/RecipeBadge.swift", Self.viewForTests)
        let result = try ToolProcess.run(["scan", "."], in: folder.path)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("App/RecipeBadge.swift:9:14: warning: use task instead"), result.stdout)
        XCTAssertEqual(result.stderr, """
            note: deployment floor iOS 16.0 for 1 file, from lowest target in App.xcodeproj

            """, "the tools package has no finding, so its floor decides nothing printed")
    }

    func testAPackageSwiftWithoutPackageDescriptionIsASourceFileNotAManifest() throws {
        let folder = try TemporaryFolder()
        // An app target's model file that happens to be called Package.swift (a delivery parcel), inside
        // an Xcode project for iOS 16: read as a manifest, it would give its folder SwiftPM's defaults.
        try folder.write("App.xcodeproj/project.pbxproj", "\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 16.0;\n")
        try folder.write("App/Delivery/Package.swift", "import Foundation\n\nstruct Package {\n    var weight: Double\n}\n")
        try folder.write("App/Delivery/RecipeBadge.swift", Self.viewForTests)
        let result = try ToolProcess.run(["scan", "--format", "json", "."], in: folder.path)
        let findings = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(findings.map { $0["action"] as? String }, ["rewrite"], result.stdout)
        XCTAssertEqual(result.stderr, "note: deployment floor iOS 16.0 for 1 file, from lowest target in App.xcodeproj\n")
    }

    /// A kitchen app for iOS 14 and a pantry helper for macOS 14 in one Xcode project, each target
    /// compiling its own folder.
    private static let kitchenProject = """
        // !$*UTF8*$!
        {
            objects = {
                B1 = {isa = PBXBuildFile; fileRef = F1 /* RecipeBadge.swift */; };
                B2 = {isa = PBXBuildFile; fileRef = F2 /* PantryBadge.swift */; };
                F1 = {isa = PBXFileReference; path = RecipeBadge.swift; sourceTree = "<group>"; };
                F2 = {isa = PBXFileReference; path = PantryBadge.swift; sourceTree = "<group>"; };
                G0 = {isa = PBXGroup; children = (G1, G2); sourceTree = "<group>"; };
                G1 = {isa = PBXGroup; children = (F1); path = Kitchen; sourceTree = "<group>"; };
                G2 = {isa = PBXGroup; children = (F2); path = Pantry; sourceTree = "<group>"; };
                P1 = {isa = PBXSourcesBuildPhase; files = (B1); };
                P2 = {isa = PBXSourcesBuildPhase; files = (B2); };
                T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (P1); name = Kitchen; };
                T2 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (P2); name = "Pantry Menu"; };
                L1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
                L2 = {isa = XCConfigurationList; buildConfigurations = (C2); };
                C1 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 14.0; SDKROOT = iphoneos; }; name = Release; };
                C2 = {isa = XCBuildConfiguration; buildSettings = {MACOSX_DEPLOYMENT_TARGET = 14.0; SDKROOT = macosx; }; name = Release; };
                R0 = {isa = PBXProject; mainGroup = G0; targets = (T1, T2); };
            };
            rootObject = R0;
        }

        """

    func testAMacOSTargetIsHeldToItsOwnFloorNotTheIOSAppsBesideIt() throws {
        let folder = try TemporaryFolder()
        try folder.write("Kitchen.xcodeproj/project.pbxproj", Self.kitchenProject)
        try folder.write("Kitchen/RecipeBadge.swift", Self.view)
        try folder.write("Pantry/PantryBadge.swift", Self.view)
        let result = try ToolProcess.run(["scan", "--format", "json", "."], in: folder.path)
        let findings = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let byFile = Dictionary(uniqueKeysWithValues: findings.map { ($0["file"] as! String, $0) })
        XCTAssertEqual(byFile["Kitchen/RecipeBadge.swift"]?["action"] as? String, "keep")
        XCTAssertEqual(
            byFile["Kitchen/RecipeBadge.swift"]?["reason"] as? String,
            "the deployment floor is iOS 14.0 (target Kitchen in Kitchen.xcodeproj), and task needs iOS 15.0")
        XCTAssertEqual(byFile["Pantry/PantryBadge.swift"]?["action"] as? String, "rewrite", "macOS 14 has task")
        XCTAssertEqual(result.stderr, """
            note: deployment floor macOS 14.0 for 1 file, from target Pantry Menu in Kitchen.xcodeproj

            """)
    }

    func testAViewMarkedAvailableAboveThePackageFloorIsRewritten() throws {
        let folder = try self.folder(platforms: "platforms: [.iOS(.v14), .macOS(.v12)],")
        let raised = Self.view.replacingOccurrences(of: "struct RecipeBadge", with: "@available(iOS 15, *)\nstruct RecipeBadge")
        try folder.write("Sources/Recipes/RecipeBadge.swift", raised)
        let macOnly = "#if os(macOS)\n" + Self.view.replacingOccurrences(of: "RecipeBadge", with: "PantryBadge") + "#endif\n"
        try folder.write("Sources/Recipes/PantryBadge.swift", macOnly)
        let apply = try ToolProcess.run(["apply", "--in-place", "."], in: folder.path)
        XCTAssertEqual(apply.status, 0, apply.stderr)
        XCTAssertTrue(try folder.read("Sources/Recipes/RecipeBadge.swift").contains(".task(id: recipeID) {"))
        XCTAssertTrue(try folder.read("Sources/Recipes/PantryBadge.swift").contains(".task(id: recipeID) {"), "macOS 12 has task")
    }
}
