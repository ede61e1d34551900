import Foundation
import SwiftParser
import SwiftSyntax
import SwiftUIMigrate
import XCTest

/// The deployment floor: its sources (configuration, Package.swift, pbxproj, xcconfig), the local
/// raising by `#available` and `@available`, and the reason a rule gives below it.
final class DeploymentFloorTests: XCTestCase {
    // MARK: Versions

    func testVersionsParseAndCompareWithMissingComponentsAsZero() {
        XCTAssertEqual(PlatformVersion("15")?.description, "15.0")
        XCTAssertEqual(PlatformVersion("10.15.2")?.description, "10.15.2")
        XCTAssertEqual(PlatformVersion("10_15"), PlatformVersion(10, 15))
        XCTAssertEqual(PlatformVersion("15.0"), PlatformVersion(15))
        XCTAssertLessThan(PlatformVersion("14.9")!, PlatformVersion("15")!)
        XCTAssertLessThan(PlatformVersion("10.15")!, PlatformVersion("11.0")!)
        for bad in ["", "15.", ".4", "v15", "15.4.1.2", "-1", "$(inherited)"] {
            XCTAssertNil(PlatformVersion(bad), bad)
        }
    }

    // MARK: Configuration

    func testConfigurationDeploymentTarget() throws {
        let configuration = try Configuration(
            json: Data(#"{"deploymentTarget": {"iOS": "16.0", "macOS": "13"}}"#.utf8), source: "dir/.swiftui-migrate.json")
        XCTAssertEqual(
            configuration.deploymentTarget,
            DeploymentFloor([.iOS: PlatformVersion(16), .macOS: PlatformVersion(13)], source: ".swiftui-migrate.json"))
        XCTAssertNil(try Configuration(json: Data(#"{"deploymentTarget": null}"#.utf8), source: "c.json").deploymentTarget)
        XCTAssertNil(Configuration().deploymentTarget)
    }

    func testConfigurationDeploymentTargetErrorsAreOneLine() {
        let cases: [(String, String)] = [
            (#"{"deploymentTarget": "16.0"}"#, #"c.json: 'deploymentTarget' must be an object of platform to version string, such as {"iOS": "16.0"}"#),
            (#"{"deploymentTarget": {}}"#, "c.json: 'deploymentTarget' must name at least one platform"),
            (#"{"deploymentTarget": {"ios": "16.0"}}"#,
             "c.json: 'deploymentTarget' has unknown platform 'ios' (use iOS, macOS, tvOS, watchOS, visionOS, macCatalyst)"),
            (#"{"deploymentTarget": {"iOS": 16}}"#, #"c.json: 'deploymentTarget' iOS must be a version string such as "16.0""#),
            (#"{"deploymentTarget": {"iOS": "sixteen"}}"#, #"c.json: 'deploymentTarget' iOS must be a version string such as "16.0""#),
        ]
        for (json, message) in cases {
            XCTAssertThrowsError(try Configuration(json: Data(json.utf8), source: "c.json"), json) { error in
                XCTAssertEqual("\(error)", message)
                XCTAssertFalse("\(error)".contains("\n"))
            }
        }
    }

    // MARK: Package.swift

    func testPackageManifestForms() {
        let manifest = """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "Kit",
                platforms: [
                    .iOS(.v15),
                    .macOS(.v10_15),
                    .tvOS("15.4"),
                    SupportedPlatform.watchOS(.v8),
                    .visionOS(.v1),
                ],
                targets: [.target(name: "Kit")]
            )
            """
        XCTAssertEqual(PackageManifestPlatforms.readWithSourceFolders(manifest).0, .listed([
            .iOS: PlatformVersion(15), .macOS: PlatformVersion(10, 15), .tvOS: PlatformVersion(15, 4),
            .watchOS: PlatformVersion(8), .visionOS: PlatformVersion(1),
        ]))
    }

    func testOnlyAFileImportingPackageDescriptionIsAManifest() {
        XCTAssertTrue(PackageManifestPlatforms.importsPackageDescription("// swift-tools-version: 5.9\nimport PackageDescription\n"))
        XCTAssertTrue(PackageManifestPlatforms.importsPackageDescription("@preconcurrency import PackageDescription\n"))
        XCTAssertFalse(PackageManifestPlatforms.importsPackageDescription("import Foundation\nstruct Package { var id: Int }\n"))
        XCTAssertFalse(PackageManifestPlatforms.importsPackageDescription("// import PackageDescription\n"))
        XCTAssertFalse(PackageManifestPlatforms.importsPackageDescription("import PackageDescriptionKit\n"))
    }

    func testPackageManifestWithoutPlatformsMeansSwiftPMDefaults() {
        XCTAssertEqual(PackageManifestPlatforms.readWithSourceFolders("let package = Package(name: \"Kit\", targets: [])").0, .defaults)
    }

    func testPackageManifestPlatformsSetAfterTheCall() {
        let manifest = """
            let package = Package(name: "Kit")
            package.platforms = [.iOS("16.1")]
            """
        XCTAssertEqual(PackageManifestPlatforms.readWithSourceFolders(manifest).0, .listed([.iOS: PlatformVersion(16, 1)]))
    }

    func testPackageManifestThatCannotBeRead() {
        guard case .unreadable(let why) = PackageManifestPlatforms.readWithSourceFolders("let package = Package(name: \"K\", platforms: supported)").0 else {
            return XCTFail("a variable is not read")
        }
        XCTAssertEqual(why, "platforms: is not a list literal")
        guard case .unreadable = PackageManifestPlatforms.readWithSourceFolders("let package = Package(name: \"K\", platforms: [.iOS(minimum)])").0 else {
            return XCTFail("a version in a variable is not read")
        }
    }

    func testPackageSourceFoldersAreTheConventionalOnesAndTargetPaths() {
        let manifest = """
            let package = Package(
                name: "Kit",
                dependencies: [.package(path: "../Shared")],
                targets: [
                    .target(name: "Kit", path: "Code/Kit/"),
                    .executableTarget(name: "Tool", path: "./Tools/Tool"),
                    .testTarget(name: "KitTests"),
                ]
            )
            """
        XCTAssertEqual(
            PackageManifestPlatforms.readWithSourceFolders(manifest).1,
            ["Sources", "Source", "src", "srcs", "Tests", "Plugins", "Code/Kit", "Tools/Tool"])
        XCTAssertEqual(
            PackageManifestPlatforms.readWithSourceFolders(#"let p = Package(name: "K", targets: [.target(name: "K", path: ".")])"#).1.last, "")
    }

    // MARK: Xcode

    func testPbxprojLowestPerPlatform() {
        let pbxproj = """
            		buildSettings = {
            			IPHONEOS_DEPLOYMENT_TARGET = 16.0;
            			MACOSX_DEPLOYMENT_TARGET = "13.0";
            		};
            		buildSettings = {
            			IPHONEOS_DEPLOYMENT_TARGET = 15.4;
            			WATCHOS_DEPLOYMENT_TARGET = "$(RECOMMENDED_WATCHOS_DEPLOYMENT_TARGET)";
            			XROS_DEPLOYMENT_TARGET = 1.0;
            		};
            """
        XCTAssertEqual(XcodeDeploymentSettings.lowest(in: pbxproj), [
            .iOS: PlatformVersion(15, 4), .macOS: PlatformVersion(13), .visionOS: PlatformVersion(1),
        ])
    }

    func testXcconfigWithConditionsAndComments() {
        let xcconfig = """
            #include "Base.xcconfig"
            // IPHONEOS_DEPLOYMENT_TARGET = 9.0
            IPHONEOS_DEPLOYMENT_TARGET = 17.0 // the app
            TVOS_DEPLOYMENT_TARGET[sdk=appletvos*] = 16.0
            MACOSX_DEPLOYMENT_TARGET = $(inherited)
            """
        XCTAssertEqual(XcodeDeploymentSettings.lowest(in: xcconfig), [.iOS: PlatformVersion(17), .tvOS: PlatformVersion(16)])
        XCTAssertEqual(
            XcodeDeploymentSettings.lowest(of: [[.iOS: PlatformVersion(17)], [.iOS: PlatformVersion(15), .tvOS: PlatformVersion(16)]]),
            [.iOS: PlatformVersion(15), .tvOS: PlatformVersion(16)])
    }

    // MARK: Reasons and local raising

    private let iOS14 = DeploymentFloor([.iOS: PlatformVersion(14)], source: "Package.swift")

    /// The shortfall of `api` at the call marked `MARK()` in `source`.
    private func reason(_ floor: DeploymentFloor, _ api: FlooredAPI = .task, at source: String) throws -> FloorShortfall? {
        let tree = Parser.parse(source: source)
        let call = try XCTUnwrap(
            tree.tokens(viewMode: .sourceAccurate).first { $0.text == "MARK" }?.parent?.parent, "no MARK() in the source")
        return floor.shortfall(of: api, at: call)
    }

    func testReasonBelowTheFloor() throws {
        let task = try XCTUnwrap(try reason(iOS14, at: "let x = MARK()"))
        XCTAssertEqual(task.api, "task")
        XCTAssertEqual(task.source, "Package.swift")
        XCTAssertFalse(task.isRaisedLocally)
        XCTAssertEqual(task.platforms.map(\.platform), [.iOS])
        XCTAssertEqual(task.platforms.map(\.floor), [PlatformVersion(14)])
        XCTAssertEqual(task.platforms.map(\.needed), [PlatformVersion(15)])
        let both = DeploymentFloor([.iOS: PlatformVersion(16), .macOS: PlatformVersion(13)], source: "App.xcodeproj")
        let onChange = try XCTUnwrap(try reason(both, .modernOnChange, at: "let x = MARK()"))
        XCTAssertEqual(onChange.platforms.map(\.platform), [.iOS, .macOS])
        XCTAssertEqual(onChange.platforms.map(\.needed), [PlatformVersion(17), PlatformVersion(14)])
    }

    func testNoReasonAtOrAboveTheFloorOrWhenUnknown() throws {
        XCTAssertNil(try reason(DeploymentFloor([.iOS: PlatformVersion(15)], source: "p"), at: "let x = MARK()"))
        XCTAssertNil(try reason(.unknown, at: "let x = MARK()"))
        XCTAssertNil(try reason(DeploymentFloor([.visionOS: PlatformVersion(1)], source: "p"), .modernOnChange, at: "let x = MARK()"))
    }

    func testAPlatformTheFloorDoesNotNameIsNotBuiltFor() throws {
        // An iOS 15 package: the watchOS 6 of an @available attribute says nothing against it.
        XCTAssertNil(try reason(DeploymentFloor([.iOS: PlatformVersion(15)], source: "p"), at: "@available(watchOS 6, *) struct V { let x = MARK() }"))
    }

    func testIfAvailableRaisesItsBodyOnly() throws {
        let source = """
            func f() {
                if #available(iOS 15, *) { MARK() } else { other() }
            }
            """
        XCTAssertNil(try reason(iOS14, at: source))
        let elseBranch = """
            func f() {
                if #available(iOS 15, *) { other() } else { MARK() }
            }
            """
        XCTAssertNotNil(try reason(iOS14, at: elseBranch))
        XCTAssertNotNil(try reason(iOS14, at: "func f() { if #unavailable(iOS 15) { MARK() } }"))
        XCTAssertNotNil(try reason(iOS14, at: "func f() { if #available(iOS 14.5, *) { MARK() } }"))
    }

    func testGuardAvailableRaisesTheStatementsAfterIt() throws {
        XCTAssertNil(try reason(iOS14, at: "func f() {\n guard #available(iOS 15, *) else { return }\n MARK()\n}"))
        XCTAssertNotNil(try reason(iOS14, at: "func f() {\n MARK()\n guard #available(iOS 15, *) else { return }\n}"))
    }

    func testAvailableAttributeOnAnyEnclosingDeclarationRaises() throws {
        XCTAssertNil(try reason(iOS14, at: "@available(iOS 15.0, *)\nstruct V { var body: Int { MARK() } }"))
        XCTAssertNil(try reason(iOS14, at: "struct V {\n @available(iOS, introduced: 15)\n var body: Int { MARK() } }"))
        XCTAssertNil(try reason(iOS14, at: "@available(iOSApplicationExtension 15, *)\nextension V { func f() { MARK() } }"))
        XCTAssertNotNil(try reason(iOS14, at: "@available(macOS 12, *)\nstruct V { var body: Int { MARK() } }"))
        XCTAssertNotNil(try reason(iOS14, at: "@available(*, deprecated)\nstruct V { var body: Int { MARK() } }"))
    }

    func testALocalRaiseThatIsNotEnoughSaysSo() throws {
        let floor = DeploymentFloor([.iOS: PlatformVersion(13)], source: "Package.swift")
        let raised = try XCTUnwrap(try reason(floor, at: "@available(iOS 14, *)\nstruct V { let x = MARK() }"))
        XCTAssertTrue(raised.isRaisedLocally)
        XCTAssertEqual(raised.platforms.map(\.floor), [PlatformVersion(14)])
    }

    // MARK: Platforms that compile the code

    private let iOS14macOS11 = DeploymentFloor([.iOS: PlatformVersion(14), .macOS: PlatformVersion(11)], source: "App.xcodeproj")

    func testIfOsLeavesOutThePlatformsThatDoNotCompileTheCode() throws {
        let macOnly = try XCTUnwrap(try reason(iOS14macOS11, at: "#if os(macOS)\nlet x = MARK()\n#endif"))
        XCTAssertEqual(macOnly.platforms.map(\.platform), [.macOS], "the iOS floor says nothing about macOS-only code")
        XCTAssertNil(try reason(iOS14, at: "#if os(macOS)\nlet x = MARK()\n#endif"))
        XCTAssertNil(try reason(iOS14, at: "#if os(iOS)\nlet a = 1\n#else\nlet x = MARK()\n#endif"))
        XCTAssertNil(try reason(iOS14, at: "#if os(macOS) || os(tvOS)\nlet x = MARK()\n#endif"))
        XCTAssertNil(try reason(iOS14, at: "#if !os(iOS)\nlet x = MARK()\n#endif"))
        XCTAssertNil(try reason(iOS14, at: "#if canImport(AppKit)\nlet x = MARK()\n#endif"))
        XCTAssertNil(try reason(iOS14, at: "#if os(iOS)\nlet a = 1\n#elseif os(macOS)\nlet x = MARK()\n#endif"))
    }

    func testAConditionTheToolCannotDecideLeavesEveryPlatform() throws {
        XCTAssertNotNil(try reason(iOS14, at: "#if DEBUG\nlet x = MARK()\n#endif"))
        XCTAssertNotNil(try reason(iOS14, at: "#if os(iOS)\nlet x = MARK()\n#endif"))
        XCTAssertNotNil(try reason(iOS14, at: "#if os(macOS) || DEBUG\nlet x = MARK()\n#endif"))
        // Not `os(iOS) && DEBUG` may still be iOS (without DEBUG).
        XCTAssertNotNil(try reason(iOS14, at: "#if !(os(iOS) && DEBUG)\nlet x = MARK()\n#endif"))
        XCTAssertNotNil(try reason(iOS14, at: "#if DEBUG\nlet a = 1\n#else\nlet x = MARK()\n#endif"))
    }

    func testAvailableUnavailableLeavesThePlatformOut() throws {
        XCTAssertNil(try reason(iOS14, at: "@available(iOS, unavailable)\nstruct V { let x = MARK() }"))
        XCTAssertNotNil(try reason(iOS14, at: "@available(iOSApplicationExtension, unavailable)\nstruct V { let x = MARK() }"))
        XCTAssertNotNil(try reason(iOS14, at: "@available(macOS, unavailable)\nstruct V { let x = MARK() }"))
    }

    // MARK: Xcode targets

    /// A project with an iOS 14 app and a macOS 14 helper, each compiling its own folder.
    static let twoTargetProject = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objects = {
                A1 /* App.swift in Sources */ = {isa = PBXBuildFile; fileRef = F1 /* App.swift */; };
                A2 = {isa = PBXBuildFile; fileRef = F2; };
                F1 /* App.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = App.swift; sourceTree = "<group>"; };
                F2 = {isa = PBXFileReference; name = "Menu Bar.swift"; path = "Helper/Menu Bar.swift"; sourceTree = SOURCE_ROOT; };
                G0 = {isa = PBXGroup; children = (G1, F2, S1); sourceTree = "<group>"; };
                G1 = {isa = PBXGroup; children = (F1); path = Phone; sourceTree = "<group>"; };
                S1 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E1); path = Shared; sourceTree = "<group>"; };
                E1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Phone.swift); target = T2; };
                P1 = {isa = PBXSourcesBuildPhase; files = (A1); };
                P2 = {isa = PBXSourcesBuildPhase; files = (A2, ); };
                T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (P1); fileSystemSynchronizedGroups = (S1); name = Phone; };
                T2 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (P2); fileSystemSynchronizedGroups = (S1); name = "Menu Helper"; };
                L0 = {isa = XCConfigurationList; buildConfigurations = (C0); };
                L1 = {isa = XCConfigurationList; buildConfigurations = (C1, C1b); };
                L2 = {isa = XCConfigurationList; buildConfigurations = (C2); };
                C0 = {isa = XCBuildConfiguration; buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = 14.0; MACOSX_DEPLOYMENT_TARGET = 11.0; }; name = Debug; };
                C1 = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; }; name = Debug; };
                C1b = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; "IPHONEOS_DEPLOYMENT_TARGET" = "14.2"; }; name = Release; };
                C2 = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = macosx; MACOSX_DEPLOYMENT_TARGET = 14.0; }; name = Debug; };
                R0 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1, T2); };
            };
            rootObject = R0;
        }
        """

    func testXcodeTargetsKnowTheirFilesPlatformsAndSettings() throws {
        let project = try XCTUnwrap(XcodeProjectTargets(pbxproj: Self.twoTargetProject))
        XCTAssertEqual(project.targets.map(\.name), ["Phone", "Menu Helper"])
        XCTAssertEqual(project.targets(compiling: "Phone/App.swift"), [0])
        XCTAssertEqual(project.targets(compiling: "Helper/Menu Bar.swift"), [1])
        XCTAssertEqual(project.targets(compiling: "Shared/Model.swift"), [0, 1])
        XCTAssertEqual(project.targets(compiling: "Shared/Phone.swift"), [0], "the exception leaves it out of the helper")
        XCTAssertEqual(project.targets(compiling: "Elsewhere.swift"), [])
        // The app sets 14.2 in Release and inherits the project's 14.0 in Debug; it builds for iOS only.
        XCTAssertEqual(project.minimums(of: 0, readings: [:]), [.iOS: PlatformVersion(14)])
        XCTAssertEqual(project.minimums(of: 1, readings: [:]), [.macOS: PlatformVersion(14)])
    }

    func testXcodeProjectPathsWithDotsResolveAsPlainOnes() throws {
        let dotted = Self.twoTargetProject
            .replacingOccurrences(of: "path = App.swift;", with: "path = \"Inner/../App.swift\";")
            .replacingOccurrences(of: "path = Phone;", with: "path = \"./Phone/\";")
        let project = try XCTUnwrap(XcodeProjectTargets(pbxproj: dotted))
        XCTAssertEqual(project.targets(compiling: "Phone/App.swift"), [0])
        XCTAssertEqual(project.targets(compiling: "Helper/Menu Bar.swift"), [1])
        XCTAssertEqual(project.compiledFiles.keys.sorted(), ["Helper/Menu Bar.swift", "Phone/App.swift"])
    }

    func testTextThatIsNotAProjectHasNoTargets() {
        XCTAssertNil(XcodeProjectTargets(pbxproj: "IPHONEOS_DEPLOYMENT_TARGET = 14.0;\n"))
        XCTAssertNil(XcodeProjectTargets(pbxproj: "{ objects = { A = {isa = PBXProject; }; }; rootObject = A; "))
        XCTAssertEqual(OpenStepPropertyList.parse("{ a = (b, \"c d\", ); e = { f = \"g\\\"h\"; }; }"),
                       .dictionary([.init("a", .array([.string("b"), .string("c d")])), .init("e", .dictionary([.init("f", .string("g\"h"))]))]))
    }
}
