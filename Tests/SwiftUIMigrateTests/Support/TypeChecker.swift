import Foundation

/// Type-checks Swift sources against the SwiftUI stand-in module with `swiftc`.
///
/// The stand-in (`fixtures/SwiftUIStub/*.swift`) is compiled once per test
/// process into a temporary folder as a module named `SwiftUI`; each check then
/// runs `swiftc -typecheck` on one unit — a file or a few files — together with
/// every file of `fixtures/TypeCheckSupport/`, in Swift 6 language mode.
/// Checks run on two workers.
final class TypeChecker: Sendable {
    /// One set of files checked together (one module), named for messages.
    struct Unit: Sendable {
        var name: String
        var files: [URL]
    }

    /// The outcome of one unit.
    struct Result: Sendable {
        var unit: Unit
        var exitCode: Int32
        /// Everything swiftc printed.
        var output: String
        /// The `error:` lines swiftc printed.
        var errors: [String] { output.split(separator: "\n").map(String.init).filter { $0.contains(": error:") } }
        var succeeded: Bool { exitCode == 0 && errors.isEmpty }

        /// A failure message naming the unit and quoting the compiler.
        var failureMessage: String {
            "\(unit.name) does not type-check against the SwiftUI stand-in:\n\(output)"
        }
    }

    /// The checker of this test process.
    static let shared = TypeChecker()

    /// The folder holding the built `SwiftUI.swiftmodule` and the written sources.
    let workDirectory: URL
    /// nil when the stand-in module built; else the compiler's message.
    let moduleError: String?
    /// Concurrent swiftc processes.
    let workers = 2

    private init() {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("swiftui-migrate-typecheck-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        workDirectory = directory
        let stubFiles = RepositoryPaths.swiftFiles(in: RepositoryPaths.swiftUIStub)
        let arguments = [
            "swiftc", "-swift-version", "6", "-parse-as-library", "-emit-module", "-module-name", "SwiftUI",
            "-emit-module-path", directory.appendingPathComponent("SwiftUI.swiftmodule").path,
        ] + stubFiles.map(\.path)
        let (status, output) = Self.run(arguments, in: directory)
        if stubFiles.isEmpty {
            moduleError = "no stand-in sources in \(RepositoryPaths.swiftUIStub.path)"
        } else {
            moduleError = status == 0 ? nil : "the SwiftUI stand-in module does not build:\n\(output)"
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: workDirectory)
    }

    /// Writes `source` into the work folder as `<name>.swift` and returns a unit for it.
    func unit(named name: String, source: String) -> Unit {
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_" ? $0 : "_" })
        let folder = workDirectory.appendingPathComponent("sources").appendingPathComponent(UUID().uuidString)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(safe + ".swift")
        try? Data(source.utf8).write(to: file)
        return Unit(name: name, files: [file])
    }

    /// Type-checks one unit.
    func check(_ unit: Unit) -> Result {
        check([unit])[0]
    }

    /// Type-checks `units` on `workers` processes at a time; results in the order given.
    func check(_ units: [Unit]) -> [Result] {
        if let moduleError {
            return units.map { Result(unit: $0, exitCode: -1, output: moduleError) }
        }
        let support = RepositoryPaths.swiftFiles(in: RepositoryPaths.typeCheckSupport).map(\.path)
        let results = ResultSlots(count: units.count)
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: min(workers, max(units.count, 1))) { _ in
            while let index = next.take(below: units.count) {
                let unit = units[index]
                let arguments = [
                    // -wmo: one frontend process for the unit instead of one per file.
                    "swiftc", "-swift-version", "6", "-typecheck", "-wmo", "-parse-as-library",
                    "-I", workDirectory.path, "-module-name", "TypeChecked",
                ] + support + unit.files.map(\.path)
                let (status, output) = Self.run(arguments, in: workDirectory)
                results.set(index, Result(unit: unit, exitCode: status, output: output))
            }
        }
        return results.values
    }

    /// Runs `/usr/bin/env <arguments>`; the exit status and the merged output.
    private static func run(_ arguments: [String], in directory: URL) -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            return (-1, "cannot run swiftc: \(error)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// A shared index handed out to workers one at a time.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}

/// Result slots written by the workers.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [TypeChecker.Result?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: TypeChecker.Result) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    var values: [TypeChecker.Result] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
