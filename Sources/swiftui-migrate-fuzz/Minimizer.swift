import Foundation
import MigrationFuzzing

/// Shrinks a failing input while it keeps failing the same way, by running `--check` on each
/// candidate in a child process (so crashes and hangs can be minimized too).
struct Minimizer {
    var timeout: Double
    var scratch: String

    /// How a child run of `--check` ended: "ok", a violation kind, "crash-N" or "hang".
    func outcome(_ bytes: [UInt8]) -> String {
        let path = scratch + "/minimize-candidate.swift"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        process.arguments = ["--check", path, "--timeout", String(timeout), "--out", scratch]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "ok" }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal { return "crash-\(process.terminationStatus)" }
        switch process.terminationStatus {
        case 0: return "ok"
        case 3: return "hang"
        default:
            let first = output.split(separator: "\n").first.map(String.init) ?? ""
            return first.split(separator: " ").dropFirst().first.map { String($0.dropLast()) } ?? "violation"
        }
    }

    /// The smallest input found (by lines, then by bytes) that fails like `bytes`.
    func minimize(_ bytes: [UInt8]) -> [UInt8] {
        let target = outcome(bytes)
        guard target != "ok" else { return bytes }
        var lines = SourceMutator.lines(bytes)
        var chunk = max(lines.count / 2, 1)
        while chunk >= 1 {
            var start = 0
            var progressed = false
            while start < lines.count {
                var candidate = lines
                candidate.removeSubrange(start..<min(lines.count, start + chunk))
                if outcome(candidate.flatMap { $0 }) == target {
                    lines = candidate
                    progressed = true
                } else {
                    start += chunk
                }
            }
            if !progressed { chunk /= 2 }
        }
        var result = lines.flatMap { $0 }
        // Then single bytes, for short inputs.
        if result.count <= 600 {
            var index = 0
            while index < result.count {
                var candidate = result
                candidate.remove(at: index)
                if String(validating: candidate, as: UTF8.self) != nil, outcome(candidate) == target {
                    result = candidate
                } else {
                    index += 1
                }
            }
        }
        return result
    }
}
