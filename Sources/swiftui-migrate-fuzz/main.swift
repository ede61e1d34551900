// swiftui-migrate-fuzz: a seeded mutation fuzzer for the migration engine.
//
//   swiftui-migrate-fuzz [--seconds N | --count N] [--seed S] [--timeout SECONDS] [--out DIR]
//                        [--fixtures DIR] [PATH…]
//   swiftui-migrate-fuzz --check FILE          check one input under every strategy (exit 1: violation)
//   swiftui-migrate-fuzz --minimize FILE       shrink a failing input, keeping its failure
//
// Mutates the fixtures (and the Swift files or folders given) and checks every input with
// InvariantCheck; a crash or a hang is caught by Watchdog with the input saved under --out.
import Foundation
import MigrationFuzzing
import SwiftUIMigrate

struct Options {
    var seconds: Double?
    var count: Int?
    var seed: UInt64 = 1
    var timeout: Double = 20
    var out = ".build/fuzz"
    var fixtures = "fixtures"
    var paths: [String] = []
    var check: String?
    var minimize: String?
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("swiftui-migrate-fuzz: \(message)\n".utf8))
    exit(2)
}

func number<T>(_ text: String, _ parse: (String) -> T?, _ message: String) -> T {
    guard let value = parse(text) else { fail(message) }
    return value
}

func parseOptions(_ arguments: [String]) -> Options {
    var options = Options()
    var index = 0
    func value() -> String {
        index += 1
        guard index < arguments.count else { fail("\(arguments[index - 1]) needs a value") }
        return arguments[index]
    }
    while index < arguments.count {
        switch arguments[index] {
        case "--seconds": options.seconds = number(value(), Double.init, "--seconds takes a number")
        case "--count": options.count = number(value(), Int.init, "--count takes a whole number")
        case "--seed": options.seed = number(value(), UInt64.init, "--seed takes a whole number")
        case "--timeout": options.timeout = number(value(), Double.init, "--timeout takes a number")
        case "--out": options.out = value()
        case "--fixtures": options.fixtures = value()
        case "--check": options.check = value()
        case "--minimize": options.minimize = value()
        case "-h", "--help":
            print("usage: swiftui-migrate-fuzz [--seconds N | --count N] [--seed S] [--timeout S] [--out DIR] [PATH…]")
            exit(0)
        case let flag where flag.hasPrefix("--"): fail("unknown option \(flag)")
        case let path: options.paths.append(path)
        }
        index += 1
    }
    return options
}

/// The `.swift` files under `path` (or `path` itself), sorted.
func swiftFiles(_ path: String) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { fail("no such path: \(path)") }
    guard isDirectory.boolValue else { return [path] }
    let relatives = FileManager.default.enumerator(atPath: path)?.allObjects.compactMap { $0 as? String } ?? []
    return relatives.filter { $0.hasSuffix(".swift") }.map { path + "/" + $0 }.sorted()
}

func read(_ path: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    return [UInt8](data)
}

let checks = GroupStrategy.allCases.map { InvariantCheck(engine: InvariantCheck.allRules(strategy: $0)) }

/// Every strategy's violations of one input, each once.
func violationsUnderEveryStrategy(_ bytes: [UInt8]) -> [Violation] {
    var seen = Set<Violation>()
    return checks.flatMap { $0.violations(bytes) }.filter { seen.insert($0).inserted }
}

let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
try? FileManager.default.createDirectory(atPath: options.out, withIntermediateDirectories: true)

if let path = options.check {
    Watchdog.start(inputPath: path, timeout: options.timeout)
    Watchdog.begin()
    let violations = violationsUnderEveryStrategy(read(path))
    Watchdog.end()
    for violation in violations { print("violation \(violation)") }
    exit(violations.isEmpty ? 0 : 1)
}

if let path = options.minimize {
    let minimized = Minimizer(timeout: options.timeout, scratch: options.out).minimize(read(path))
    let target = path.hasSuffix(".swift") ? String(path.dropLast(6)) + ".min.swift" : path + ".min.swift"
    _ = FileManager.default.createFile(atPath: target, contents: Data(minimized))
    print("minimized \(read(path).count) bytes to \(minimized.count): \(target)")
    exit(0)
}

// The fuzzing loop.
var corpusPaths = swiftFiles(options.fixtures).filter { !$0.contains("/SwiftUIStub/") }
for path in options.paths { corpusPaths += swiftFiles(path) }
let corpus = corpusPaths.map(read)
if corpus.isEmpty { fail("no Swift files to start from (fixtures: \(options.fixtures))") }
let mutator = SourceMutator(corpus: corpus)
let currentPath = options.out + "/current-input.swift"
Watchdog.start(inputPath: currentPath, timeout: options.timeout)

var generator = SeededGenerator(seed: options.seed)
let started = Date()
let count = options.count ?? (options.seconds == nil ? 1000 : Int.max)
var inputs = 0
var failures: [String: Int] = [:]
var changedOutputs = 0
var parsedInputs = 0
FileHandle.standardError.write(Data(
    "fuzz: seed \(options.seed), \(corpus.count) corpus files, per-input bound \(options.timeout) s\n".utf8))
while inputs < count {
    if let seconds = options.seconds, Date().timeIntervalSince(started) >= seconds { break }
    // The corpus files themselves first, then mutants.
    let input = inputs < corpus.count ? corpus[inputs] : mutator.mutant(using: &generator)
    let check = checks[Int(generator.next() % UInt64(checks.count))]
    _ = FileManager.default.createFile(atPath: currentPath, contents: Data(input))
    Watchdog.begin()
    let outcome = check.check(input)
    Watchdog.end()
    inputs += 1
    if outcome.parsed { parsedInputs += 1 }
    if outcome.rewritten { changedOutputs += 1 }
    for violation in outcome.violations {
        failures[violation.kind, default: 0] += 1
        if failures[violation.kind]! <= 3 {
            let name = "\(options.out)/\(violation.kind)-seed\(options.seed)-\(inputs).swift"
            _ = FileManager.default.createFile(atPath: name, contents: Data(input))
            FileHandle.standardError.write(Data("fuzz: \(violation) — saved \(name)\n".utf8))
        }
    }
}
let elapsed = String(format: "%.1f", Date().timeIntervalSince(started))
let total = failures.values.reduce(0, +)
let kinds = failures.keys.sorted().map { "\($0) ×\(failures[$0]!)" }.joined(separator: ", ")
print("fuzz summary: \(inputs) inputs (\(parsedInputs) parsed, \(changedOutputs) rewritten) in \(elapsed) s "
    + "(seed \(options.seed)): no crash, no hang, "
    + (total == 0 ? "every invariant held" : "\(total) invariant violations (\(kinds))"))
exit(total == 0 ? 0 : 1)
