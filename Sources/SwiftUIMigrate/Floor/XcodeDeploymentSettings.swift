/// The `*_DEPLOYMENT_TARGET` build settings of an Xcode project (`project.pbxproj`) or an
/// `.xcconfig` file, read as text.
///
/// The lowest value of each setting anywhere in the text, test and extension targets included: the
/// floor of a file no target lists, or of a project `XcodeProjectTargets` cannot follow (which target
/// compiles which file is worked out there). Values that are not plain versions (`$(inherited)`,
/// `$(RECOMMENDED_…)`) are ignored.
public enum XcodeDeploymentSettings {
    /// The lowest version of each platform's setting in `text`: `IPHONEOS_DEPLOYMENT_TARGET = 15.0;`
    /// in a pbxproj, `IPHONEOS_DEPLOYMENT_TARGET = 15.0` (or `…[sdk=iphoneos*] = 15.0`) in an xcconfig.
    public static func lowest(in text: String) -> [Platform: PlatformVersion] {
        let settings = Platform.allCases.compactMap { platform in platform.xcodeSetting.map { (name: $0, platform: platform) } }
        var minimums: [Platform: PlatformVersion] = [:]
        for line in settingLines(text) {
            var rest = line.drop { $0 == " " || $0 == "\t" }
            guard let setting = settings.first(where: { rest.hasPrefix($0.name) }) else { continue }
            rest = rest.dropFirst(setting.name.count)
            // A conditional setting: [sdk=…][arch=…].
            while rest.first == "[", let close = rest.firstIndex(of: "]") { rest = rest[rest.index(after: close)...] }
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard rest.first == "=" else { continue }
            var value = rest.dropFirst().trimmingWhitespace()
            if value.hasSuffix(";") { value = String(value.dropLast()).trimmingWhitespace() }
            if value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            if let comment = value.range(of: "//") { value = String(value[..<comment.lowerBound]).trimmingWhitespace() }
            guard let version = PlatformVersion(value) else { continue }
            minimums[setting.platform] = min(minimums[setting.platform] ?? version, version)
        }
        return minimums
    }

    /// The lines of `text` that name a `…_DEPLOYMENT_TARGET` setting. A pbxproj runs to megabytes of
    /// other lines, so they are found by a byte search for the marker instead of splitting the whole
    /// text into lines of `Character`s.
    static func settingLines(_ text: String) -> [Substring] {
        let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        var contiguous = text
        contiguous.makeContiguousUTF8()
        return contiguous.utf8.withContiguousStorageIfAvailable { bytes -> [Substring] in
            var lines: [Substring] = []
            var searchFrom = 0
            while let found = ByteSearch.firstOffset(of: "_DEPLOYMENT_TARGET", in: bytes, from: searchFrom) {
                var start = found, end = found
                while start > 0, bytes[start - 1] != newline, bytes[start - 1] != carriageReturn { start -= 1 }
                while end < bytes.count, bytes[end] != newline, bytes[end] != carriageReturn { end += 1 }
                lines.append(Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)))
                searchFrom = end
            }
            return lines
        } ?? []
    }

    /// The lowest version per platform over several readings.
    public static func lowest(of readings: [[Platform: PlatformVersion]]) -> [Platform: PlatformVersion] {
        readings.reduce(into: [:]) { lowest, reading in lowest.merge(reading, uniquingKeysWith: min) }
    }
}
