import SwiftUIMigrate

/// Finds each file's deployment floor in the project around it: the `platforms:` of the nearest
/// `Package.swift` that compiles the file (the file is in one of its source folders, see
/// `PackageManifestPlatforms.sourceFolders`), else the Xcode project (`project.pbxproj` and the `.xcconfig` files beside it)
/// in the nearest folder that has one: the floor of the targets whose sources list the file (see
/// `XcodeProjectTargets`), else the lowest of the whole project. Manifests and projects are read
/// once per run and the search is kept per folder, so a file costs no file-system call of its own.
///
/// The configuration's `deploymentTarget` is not looked at here: when set, the engine uses it
/// for every file.
final class DeploymentFloorFinder {
    /// What decides the floors of the files in one folder.
    private enum FolderFloor {
        /// The package in `folder` compiles the files from `sourceFolders` (relative to it).
        case package(DeploymentFloor, folder: String, sourceFolders: [String])
        /// The Xcode project(s) in that folder decide, file by file.
        case xcode(XcodeFloors)
        case unknown
    }

    /// The Xcode projects of one folder: their targets, and the lowest setting anywhere for files no target lists.
    private struct XcodeFloors {
        var folder: String
        var projects: [(shown: String, targets: XcodeProjectTargets)]
        var readings: [String: [Platform: PlatformVersion]]
        var lowest: DeploymentFloor
    }

    private let tree: any ProjectTree
    private var folderFloors: [String: FolderFloor] = [:]
    private var moduleFolders: [String: String] = [:]
    private var packageFloors: [String: (floor: DeploymentFloor, sourceFolders: [String])?] = [:]
    private var xcodeFloors: [String: XcodeFloors?] = [:]
    /// The floor of each set of targets met (by project folder and target indices), so that the files
    /// of one target share one.
    private var targetSetFloors: [String: DeploymentFloor] = [:]
    /// Manifests whose platforms could not be read, with why (each once).
    private(set) var problems: [String] = []

    /// Folders not searched for `.xcconfig` files.
    static let skippedFolders = SourceDiscovery.skippedFolders
    /// How deep below an Xcode project's folder `.xcconfig` files are looked for.
    static let xcconfigDepth = 4

    init(tree: any ProjectTree) { self.tree = tree }

    /// The floor of the file at `path` (named as the tree names files), which is in `folder`.
    func floor(forFile path: String, in folder: String) -> DeploymentFloor {
        let found: FolderFloor
        if let known = folderFloors[folder] {
            found = known
        } else {
            if let package = nearest(from: folder, { packageFloor(in: $0, compiling: folder) }) {
                found = .package(package.floor, folder: package.folder, sourceFolders: package.sourceFolders)
            } else if let xcode = nearest(from: folder, { xcodeFloors(in: $0) }) {
                found = .xcode(xcode)
            } else {
                found = .unknown
            }
            folderFloors[folder] = found
        }
        switch found {
        case .package(let floor, _, _): return floor
        case .xcode(let xcode): return targetFloor(of: path, in: xcode)
        case .unknown: return .unknown
        }
    }

    /// The folder of the module that compiles the file at `path` in `folder`, as far as the
    /// manifests tell without building: a SwiftPM target's folder (`Sources/Kit`, or its `path:`),
    /// else the top folder of an Xcode project holding it (`App/` beside `App.xcodeproj`), else
    /// the file's own folder. Found from what `floor(forFile:in:)` read: no file-system call of its own.
    func moduleFolder(forFile path: String, in folder: String) -> String {
        if let known = moduleFolders[folder] { return known }
        if folderFloors[folder] == nil { _ = floor(forFile: path, in: folder) }
        let module = moduleFolder(of: folder)
        moduleFolders[folder] = module
        return module
    }

    /// `moduleFolder(forFile:in:)` for the files of `folder`, whose floor was looked for.
    private func moduleFolder(of folder: String) -> String {
        switch folderFloors[folder] {
        case .package(_, let packageFolder, let sourceFolders)?:
            let relative = PathText.relative(folder, to: packageFolder)
            let roots = sourceFolders.filter { PathText.inside(relative, $0) != nil }
            guard let root = roots.max(by: { $0.count < $1.count }) else { return folder }
            let conventional = PackageManifestPlatforms.conventionalSourceFolders.contains(root)
            let inside = Self.firstComponent(of: PathText.relative(relative, to: root))
            let module = conventional ? inside.map { PathText.join(root, $0) } ?? root : root
            return module.isEmpty ? packageFolder : PathText.join(packageFolder, module)
        case .xcode(let xcode)?:
            let relative = PathText.relative(folder, to: xcode.folder)
            guard let top = Self.firstComponent(of: relative) else { return folder }
            return PathText.join(xcode.folder, top)
        default:
            return folder
        }
    }

    /// The first folder name of a relative path (`Kit` of `Kit/Views/A.swift`); nil for `""`.
    private static func firstComponent(of path: String) -> String? {
        path.split(separator: "/", maxSplits: 1).first.map(String.init)
    }

    /// The floor of the targets of `xcode` that compile `path`, named after them; the project's lowest when none lists it.
    private func targetFloor(of path: String, in xcode: XcodeFloors) -> DeploymentFloor {
        let relative = PathText.relative(path, to: xcode.folder)
        let compiling = xcode.projects.map { $0.targets.targets(compiling: relative) }
        let key = xcode.folder + "\u{0}" + compiling.map { $0.map(String.init).joined(separator: ",") }.joined(separator: ";")
        if let known = targetSetFloors[key] { return known }
        var minimums: [Platform: PlatformVersion] = [:]
        var names: [String] = []
        var shown: [String] = []
        for (project, indices) in zip(xcode.projects, compiling) {
            for index in indices {
                for (platform, version) in project.targets.minimums(of: index, readings: xcode.readings) {
                    minimums[platform] = min(minimums[platform] ?? version, version)
                }
                names.append(project.targets.targets[index].name)
            }
            if !indices.isEmpty { shown.append(project.shown) }
        }
        let floor = minimums.isEmpty
            ? xcode.lowest
            : DeploymentFloor(minimums, source: "target\(names.count == 1 ? "" : "s") \(names.joined(separator: ", ")) in \(shown.joined(separator: ", "))")
        targetSetFloors[key] = floor
        return floor
    }

    /// The first value `read` finds in `folder` or a folder above it.
    private func nearest<Found>(from folder: String, _ read: (String) -> Found?) -> Found? {
        var current: String? = folder
        while let folder = current {
            if let found = read(folder) { return found }
            current = tree.parent(of: folder)
        }
        return nil
    }

    /// The floor `folder/Package.swift` declares for files in `start`, with the package's folder and
    /// source folders; nil when there is no manifest, it cannot be read, or `start` is not in one of
    /// the package's source folders.
    private func packageFloor(
        in folder: String, compiling start: String
    ) -> (floor: DeploymentFloor, folder: String, sourceFolders: [String])? {
        guard let package = packageManifest(in: folder) else { return nil }
        let relative = PathText.relative(start, to: folder)
        // The manifest's own folder counts as the package's (the manifest itself is a Swift file).
        let owns = relative.isEmpty || package.sourceFolders.contains { PathText.inside(relative, $0) != nil }
        return owns ? (package.floor, folder, package.sourceFolders) : nil
    }

    /// The floor `folder/Package.swift` declares and its source folders; nil when there is none, it
    /// is no manifest (it does not import PackageDescription), or its platforms cannot be read.
    private func packageManifest(in folder: String) -> (floor: DeploymentFloor, sourceFolders: [String])? {
        if let known = packageFloors[folder] { return known }
        var found: (floor: DeploymentFloor, sourceFolders: [String])?
        if tree.names(in: folder).contains("Package.swift") {
            let path = PathText.join(folder, "Package.swift")
            let shown = tree.display(path)
            // A `Package.swift` that does not import PackageDescription is a target's source file, not a manifest.
            if let bytes = tree.contents(of: path), case let text = String(decoding: bytes, as: UTF8.self),
               PackageManifestPlatforms.importsPackageDescription(text) {
                let (reading, sourceFolders) = PackageManifestPlatforms.readWithSourceFolders(text)
                switch reading {
                case .listed(let minimums) where !minimums.isEmpty:
                    found = (DeploymentFloor(minimums, source: shown), sourceFolders)
                case .listed:
                    problems.append("\(shown): platforms: names no Apple platform; looking further")
                case .defaults:
                    found = (
                        DeploymentFloor(PackageManifestPlatforms.swiftPMDefaults, source: "\(shown), no platforms: so SwiftPM's defaults"),
                        sourceFolders)
                case .unreadable(let why):
                    problems.append("\(shown): \(why); looking further")
                }
            }
        }
        packageFloors[folder] = found
        return found
    }

    /// The Xcode projects in `folder` with their targets, and the lowest deployment settings of them
    /// and of the `.xcconfig` files at most `xcconfigDepth` folders below; nil when `folder` has no
    /// Xcode project or no setting.
    private func xcodeFloors(in folder: String) -> XcodeFloors? {
        if let known = xcodeFloors[folder] { return known }
        var found: XcodeFloors?
        let projects = tree.names(in: folder).filter { $0.hasSuffix(".xcodeproj") }.sorted()
        if !projects.isEmpty {
            var readings: [[Platform: PlatformVersion]] = []
            var targets: [(shown: String, targets: XcodeProjectTargets)] = []
            for project in projects {
                let pbxproj = PathText.join(PathText.join(folder, project), "project.pbxproj")
                if let bytes = tree.contents(of: pbxproj) {
                    let text = String(decoding: bytes, as: UTF8.self)
                    readings.append(XcodeDeploymentSettings.lowest(in: text))
                    if let parsed = XcodeProjectTargets(pbxproj: text) {
                        targets.append((tree.display(PathText.join(folder, project)), parsed))
                        readings += (parsed.projectConfigurations + parsed.targets.flatMap(\.configurations)).map(\.settings)
                    }
                }
            }
            var configs = 0
            var configReadings: [String: [Platform: PlatformVersion]] = [:]
            for config in xcconfigFiles(in: folder, depth: Self.xcconfigDepth) {
                guard let bytes = tree.contents(of: config) else { continue }
                let reading = XcodeDeploymentSettings.lowest(in: String(decoding: bytes, as: UTF8.self))
                configReadings[PathText.relative(config, to: folder)] = reading
                if !reading.isEmpty {
                    readings.append(reading)
                    configs += 1
                }
            }
            let lowest = XcodeDeploymentSettings.lowest(of: readings)
            if !lowest.isEmpty {
                var source = "lowest target in " + projects.map { tree.display(PathText.join(folder, $0)) }.joined(separator: ", ")
                if configs > 0 { source += " and \(configs) .xcconfig file\(configs == 1 ? "" : "s")" }
                found = XcodeFloors(folder: folder, projects: targets, readings: configReadings, lowest: DeploymentFloor(lowest, source: source))
            }
        }
        xcodeFloors[folder] = found
        return found
    }

    /// The `.xcconfig` files in `folder` and up to `depth` levels of subfolders, in no set order (the
    /// floor is their lowest). Only names without a dot are entered (which leaves out files, hidden
    /// folders and bundles such as `.xcodeproj`), and not build-output or dependency folders.
    private func xcconfigFiles(in folder: String, depth: Int) -> [String] {
        var result: [String] = []
        for name in tree.names(in: folder) where !name.hasPrefix(".") {
            if name.hasSuffix(".xcconfig") {
                result.append(PathText.join(folder, name))
            } else if depth > 0, !Self.hasDot(name), !Self.skippedFolders.contains(name) {
                result += xcconfigFiles(in: PathText.join(folder, name), depth: depth - 1)
            }
        }
        return result
    }

    /// True when `name` holds a `.`: an ASCII name told by its bytes (Foundation's `contains`, a `range(of:)`,
    /// cost pocket-casts-ios 12 M instructions over 1,800 names), any other as `contains` tells it.
    private static func hasDot(_ name: String) -> Bool {
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return name.contains(".") }
        return name.utf8.contains(UInt8(ascii: "."))
    }
}
