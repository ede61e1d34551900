import SwiftUIMigrate

/// Finds each file's deployment floor in the project around it: the `platforms:` of the nearest
/// `Package.swift` that compiles the file (the file is in one of its source folders, see
/// `PackageManifestPlatforms.sourceFolders`), else the Xcode project (`project.pbxproj` and the `.xcconfig` files beside it)
/// in the nearest folder that has one. Results are kept per folder, so a run reads each
/// manifest once.
///
/// The configuration's `deploymentTarget` is not looked at here: when set, the engine uses it
/// for every file.
final class DeploymentFloorFinder {
    private let tree: any ProjectTree
    private var floors: [String: DeploymentFloor] = [:]
    private var packageFloors: [String: (floor: DeploymentFloor, sourceFolders: [String])?] = [:]
    private var xcodeFloors: [String: DeploymentFloor?] = [:]
    /// Manifests whose platforms could not be read, with why (each once).
    private(set) var problems: [String] = []

    /// Folders not searched for `.xcconfig` files.
    static let skippedFolders = SourceDiscovery.skippedFolders
    /// How deep below an Xcode project's folder `.xcconfig` files are looked for.
    static let xcconfigDepth = 4

    init(tree: any ProjectTree) { self.tree = tree }

    /// The floor of a file in `folder`.
    func floor(forFileIn folder: String) -> DeploymentFloor {
        if let known = floors[folder] { return known }
        let start = folder
        let package = nearest(from: folder) { packageFloor(in: $0, compiling: start) }
        let found = package ?? nearest(from: folder) { xcodeFloor(in: $0) } ?? .unknown
        floors[folder] = found
        return found
    }

    /// The first floor `read` finds in `folder` or a folder above it.
    private func nearest(from folder: String, _ read: (String) -> DeploymentFloor?) -> DeploymentFloor? {
        var current: String? = folder
        while let folder = current {
            if let floor = read(folder) { return floor }
            current = tree.parent(of: folder)
        }
        return nil
    }

    /// The floor `folder/Package.swift` declares for files in `start`; nil when there is no manifest,
    /// it cannot be read, or `start` is not in one of the package's source folders.
    private func packageFloor(in folder: String, compiling start: String) -> DeploymentFloor? {
        guard let package = packageManifest(in: folder) else { return nil }
        let relative = start == folder ? "" : String(start.dropFirst(folder.isEmpty ? 0 : folder.count + (folder.hasSuffix("/") ? 0 : 1)))
        // The manifest's own folder counts as the package's (the manifest itself is a Swift file).
        let owns = relative.isEmpty || package.sourceFolders.contains { root in
            root.isEmpty || relative == root || relative.hasPrefix(root + "/")
        }
        return owns ? package.floor : nil
    }

    /// The floor `folder/Package.swift` declares and its source folders; nil when there is none or
    /// its platforms cannot be read.
    private func packageManifest(in folder: String) -> (floor: DeploymentFloor, sourceFolders: [String])? {
        if let known = packageFloors[folder] { return known }
        var found: (floor: DeploymentFloor, sourceFolders: [String])?
        if tree.names(in: folder).contains("Package.swift") {
            let path = tree.path("Package.swift", in: folder)
            let shown = tree.display(path)
            if let bytes = tree.contents(of: path) {
                let (reading, sourceFolders) = PackageManifestPlatforms.readWithSourceFolders(String(decoding: bytes, as: UTF8.self))
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

    /// The lowest deployment settings of the Xcode projects in `folder` and the `.xcconfig` files
    /// at most `xcconfigDepth` folders below it; nil when `folder` has no Xcode project or no setting.
    private func xcodeFloor(in folder: String) -> DeploymentFloor? {
        if let known = xcodeFloors[folder] { return known }
        var found: DeploymentFloor?
        let projects = tree.names(in: folder).filter { $0.hasSuffix(".xcodeproj") }.sorted()
        if !projects.isEmpty {
            var readings: [[Platform: PlatformVersion]] = []
            for project in projects {
                let pbxproj = tree.path("project.pbxproj", in: tree.path(project, in: folder))
                if let bytes = tree.contents(of: pbxproj) {
                    readings.append(XcodeDeploymentSettings.lowest(in: String(decoding: bytes, as: UTF8.self)))
                }
            }
            var configs = 0
            for config in xcconfigFiles(in: folder, depth: Self.xcconfigDepth) {
                guard let bytes = tree.contents(of: config) else { continue }
                let reading = XcodeDeploymentSettings.lowest(in: String(decoding: bytes, as: UTF8.self))
                if !reading.isEmpty {
                    readings.append(reading)
                    configs += 1
                }
            }
            let lowest = XcodeDeploymentSettings.lowest(of: readings)
            if !lowest.isEmpty {
                var source = "lowest target in " + projects.map { tree.display(tree.path($0, in: folder)) }.joined(separator: ", ")
                if configs > 0 { source += " and \(configs) .xcconfig file\(configs == 1 ? "" : "s")" }
                found = DeploymentFloor(lowest, source: source)
            }
        }
        xcodeFloors[folder] = found
        return found
    }

    /// The `.xcconfig` files in `folder` and up to `depth` levels of subfolders. Only names without
    /// a dot are entered (which leaves out files, hidden folders and bundles such as `.xcodeproj`),
    /// and not build-output or dependency folders.
    private func xcconfigFiles(in folder: String, depth: Int) -> [String] {
        var result: [String] = []
        for name in tree.names(in: folder).sorted() where !name.hasPrefix(".") {
            let path = tree.path(name, in: folder)
            if name.hasSuffix(".xcconfig") {
                result.append(path)
            } else if depth > 0, !name.contains("."), !Self.skippedFolders.contains(name) {
                result += xcconfigFiles(in: path, depth: depth - 1)
            }
        }
        return result
    }
}
