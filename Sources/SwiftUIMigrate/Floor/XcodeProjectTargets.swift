import PlainText

/// The targets of an Xcode project (`project.pbxproj`), each with the platforms it builds for, its
/// deployment settings and the files it compiles — so a file's floor is that of the targets that
/// build it, not the lowest target of the project.
///
/// Paths are relative to the folder holding the `.xcodeproj`. A target's sources are the files of
/// its Compile Sources phase, found through the project's groups, and the folders of its
/// synchronized groups (Xcode 16), less their membership exceptions.
public struct XcodeProjectTargets: Sendable {
    /// One native target.
    public struct Target: Sendable, Equatable {
        /// The target's name, as Xcode shows it.
        public var name: String
        /// The platforms it builds for (`SUPPORTED_PLATFORMS`, else `SDKROOT`); nil when the
        /// project does not say.
        public var platforms: Set<Platform>?
        /// Its build configurations (Debug, Release…).
        public var configurations: [Configuration]
    }

    /// One build configuration: its name, its own deployment settings and the `.xcconfig` file it is
    /// based on (relative to the project's folder).
    public struct Configuration: Sendable, Equatable {
        public var name: String
        public var settings: [Platform: PlatformVersion]
        public var file: String?
    }

    /// The native targets, in the project's order.
    public var targets: [Target]
    /// The project's own build configurations, whose settings targets inherit by configuration name.
    public var projectConfigurations: [Configuration]
    /// Each compiled file's path, with the indices of the targets that compile it.
    public var compiledFiles: [String: [Int]]
    /// Synchronized folders: a path, the targets that list it, and per target the paths inside it
    /// (relative to the folder) whose membership is the opposite.
    public var synchronizedFolders: [(path: String, targets: [Int], exceptions: [Int: Set<String>])]

    /// The targets of the project `text` describes; nil when it is not a project file this reader follows.
    public init?(pbxproj text: String) {
        guard let list = OpenStepPropertyList.parse(text), let table = list["objects"], let root = list["rootObject"]?.string else {
            return nil
        }
        let objects = table.keyed
        guard let project = objects[root] else { return nil }
        let reader = ObjectReader(objects: objects)
        let paths = reader.paths(fromGroup: project["mainGroup"]?.string)
        projectConfigurations = reader.configurations(list: project["buildConfigurationList"]?.string, paths: paths)
        targets = []
        compiledFiles = [:]
        var folders: [String: (targets: [Int], exceptions: [Int: Set<String>])] = [:]
        var folderExceptions: [String: [(target: String, paths: Set<String>)]] = [:]
        var indexByID: [String: Int] = [:]
        for targetID in project["targets"]?.array.compactMap(\.string) ?? [] {
            guard let target = objects[targetID], target["isa"]?.string == "PBXNativeTarget" else { continue }
            let index = targets.count
            indexByID[targetID] = index
            let configurationList = target["buildConfigurationList"]?.string
            targets.append(Target(
                name: target["name"]?.string ?? targetID,
                platforms: reader.platforms(list: configurationList) ?? reader.platforms(list: project["buildConfigurationList"]?.string),
                configurations: reader.configurations(list: configurationList, paths: paths)))
            for phaseID in target["buildPhases"]?.array.compactMap(\.string) ?? [] {
                guard let phase = objects[phaseID], phase["isa"]?.string == "PBXSourcesBuildPhase" else { continue }
                for buildFileID in phase["files"]?.array.compactMap(\.string) ?? [] {
                    guard let reference = objects[buildFileID]?["fileRef"]?.string, let path = paths[reference] else { continue }
                    compiledFiles[path, default: []].append(index)
                }
            }
            for groupID in target["fileSystemSynchronizedGroups"]?.array.compactMap(\.string) ?? [] {
                guard let path = paths[groupID] else { continue }
                folders[path, default: ([], [:])].targets.append(index)
                for exceptionID in objects[groupID]?["exceptions"]?.array.compactMap(\.string) ?? [] {
                    guard let exception = objects[exceptionID], let excepted = exception["target"]?.string else { continue }
                    folderExceptions[path, default: []].append(
                        (excepted, Set(exception["membershipExceptions"]?.array.compactMap(\.string) ?? [])))
                }
            }
        }
        // Exceptions name targets by id, any of them: mapped once every target is known.
        for (path, exceptions) in folderExceptions {
            for exception in exceptions {
                guard let index = indexByID[exception.target] else { continue }
                folders[path, default: ([], [:])].exceptions[index, default: []].formUnion(exception.paths)
            }
        }
        synchronizedFolders = folders.sorted { $0.key < $1.key }.map { ($0.key, $0.value.targets, $0.value.exceptions) }
    }

    /// The indices of the targets that compile the file at `path` (relative to the project's
    /// folder); empty when none lists it.
    public func targets(compiling path: String) -> [Int] {
        var found = Set(compiledFiles[path] ?? [])
        for folder in synchronizedFolders {
            guard let inside = PathText.inside(path, folder.path), !inside.isEmpty else { continue }
            for index in targets.indices {
                let listed = folder.targets.contains(index)
                let excepted = folder.exceptions[index]?.contains(inside) ?? false
                if listed != excepted { found.insert(index) }
            }
        }
        return found.sorted()
    }
}

/// Follows a pbxproj's object graph.
private struct ObjectReader {
    let objects: [String: OpenStepPropertyList]

    /// The path, relative to the project's folder, of every file reference and group below
    /// `groupID`, by object id. Paths relative to the build products or the SDK are left out.
    func paths(fromGroup groupID: String?) -> [String: String] {
        var paths: [String: String] = [:]
        guard let groupID else { return paths }
        var pending: [(id: String, parent: String)] = [(groupID, "")]
        while let (id, parent) = pending.popLast() {
            guard let object = objects[id] else { continue }
            let own = object["path"]?.string
            let path: String
            switch object["sourceTree"]?.string ?? "<group>" {
            case "<group>": path = own.map { Self.join(parent, $0) } ?? parent
            case "SOURCE_ROOT": path = own.map { Self.join("", $0) } ?? ""
            default: continue
            }
            paths[id] = path
            for child in object["children"]?.array.compactMap(\.string) ?? [] { pending.append((child, path)) }
        }
        return paths
    }

    /// `child` inside `parent` (itself resolved), with `.` and `..` resolved.
    static func join(_ parent: String, _ child: String) -> String {
        // Most paths are plain names: joined as they are, without taking either apart.
        if isPlain(child) { return PathText.join(parent, child) }
        var parts = parent.split(separator: "/").map(String.init)
        for part in child.split(separator: "/") {
            if part == "." { continue }
            if part == "..", !parts.isEmpty, parts.last != ".." { parts.removeLast() } else { parts.append(String(part)) }
        }
        return parts.joined(separator: "/")
    }

    /// True when `path` is not empty and has no empty, `.` or `..` component.
    static func isPlain(_ path: String) -> Bool {
        var length = 0
        var onlyDots = true
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if length == 0 || (onlyDots && length <= 2) { return false }
                (length, onlyDots) = (0, true)
            } else {
                length += 1
                onlyDots = onlyDots && byte == UInt8(ascii: ".")
            }
        }
        return length > 0 && !(onlyDots && length <= 2)
    }

    /// The build settings dictionaries of the configurations in `list`.
    func buildSettings(list: String?) -> [OpenStepPropertyList] {
        guard let list, let configurations = objects[list]?["buildConfigurations"] else { return [] }
        return configurations.array.compactMap { $0.string.flatMap { objects[$0]?["buildSettings"] } }
    }

    /// The platforms the configurations of `list` build for: `SUPPORTED_PLATFORMS` where set,
    /// else `SDKROOT`, with `SUPPORTS_MACCATALYST`; nil when no configuration says.
    func platforms(list: String?) -> Set<Platform>? {
        var found: Set<Platform>?
        for settings in buildSettings(list: list) {
            guard let names = settings["SUPPORTED_PLATFORMS"]?.string ?? settings["SDKROOT"]?.string else { continue }
            var platforms = Set(names.split(separator: " ").compactMap { Self.platform(sdk: String($0)) })
            if platforms.isEmpty { continue }  // `auto`, a variable
            if settings["SUPPORTS_MACCATALYST"]?.string == "YES" { platforms.insert(.macCatalyst) }
            found = (found ?? []).union(platforms)
        }
        return found
    }

    /// The platform an SDK name stands for: `iphoneos`, `iphonesimulator`, `macosx`, `appletvos`, `watchos`, `xros`.
    static func platform(sdk: String) -> Platform? {
        switch sdk {
        case "iphoneos", "iphonesimulator": .iOS
        case "macosx": .macOS
        case "appletvos", "appletvsimulator": .tvOS
        case "watchos", "watchsimulator": .watchOS
        case "xros", "xrsimulator": .visionOS
        default: nil
        }
    }

    /// The configurations of `list`: names, `*_DEPLOYMENT_TARGET` settings and `baseConfigurationReference` files.
    func configurations(list: String?, paths: [String: String]) -> [XcodeProjectTargets.Configuration] {
        guard let list, let configurations = objects[list]?["buildConfigurations"] else { return [] }
        return configurations.array.compactMap(\.string).compactMap { id in
            guard let configuration = objects[id] else { return nil }
            var settings: [Platform: PlatformVersion] = [:]
            for platform in Platform.allCases {
                guard let name = platform.xcodeSetting, let text = configuration["buildSettings"]?[name]?.string,
                      let version = PlatformVersion(text) else { continue }
                settings[platform] = version
            }
            let file = configuration["baseConfigurationReference"]?.string.flatMap { paths[$0] }
            return .init(name: configuration["name"]?.string ?? id, settings: settings, file: file)
        }
    }
}

extension XcodeProjectTargets {
    /// The deployment floor of the target at `index`: for each platform it builds for, the lowest
    /// over its configurations of the configuration's own setting, else its `.xcconfig` file's, else
    /// the project configuration's of the same name, else that one's `.xcconfig` file's (`readings`
    /// holds what each `.xcconfig` file sets, by path). A platform with no setting anywhere is left out.
    public func minimums(of index: Int, readings: [String: [Platform: PlatformVersion]]) -> [Platform: PlatformVersion] {
        let target = targets[index]
        var minimums: [Platform: PlatformVersion] = [:]
        for configuration in target.configurations {
            let inherited = projectConfigurations.first { $0.name == configuration.name }
            let layers = [configuration.settings, configuration.file.flatMap { readings[$0] } ?? [:],
                          inherited?.settings ?? [:], inherited?.file.flatMap { readings[$0] } ?? [:]]
            for platform in Platform.allCases where target.platforms?.contains(platform) ?? true {
                guard let version = layers.lazy.compactMap({ $0[platform] }).first else { continue }
                minimums[platform] = min(minimums[platform] ?? version, version)
            }
        }
        return minimums
    }
}
