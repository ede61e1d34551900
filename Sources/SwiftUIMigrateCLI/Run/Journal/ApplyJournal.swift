import AtomicFiles
import Foundation
import GitStage

/// What an `apply` run is about to write, kept on disk from before its first write until after its last, so that a run
/// killed midway (SIGKILL, a crash, a power cut) can be finished (`apply --resume`) or undone (`apply --abort`).
///
/// The file is one JSON line — the mode, the branch the run creates and the HEAD it leaves, and per file its path and
/// the git blob ids (`git hash-object`) of its bytes before and after — followed by those bytes, then one
/// `step NAME` line per git step begun (appended and flushed before the step). It is written atomically, so it is
/// either whole or absent.
struct ApplyJournal: Equatable {
    /// How the interrupted run writes.
    enum Mode: String, Codable {
        case stage, stageAndCommit = "stage-and-commit", noCheckout = "no-checkout", inPlace = "in-place"

        /// The git mode, nil for in-place.
        var stageMode: StageMode? {
            switch self {
            case .stage: .stage
            case .stageAndCommit: .stageAndCommit
            case .noCheckout: .noCheckout
            case .inPlace: nil
            }
        }

        init(_ mode: StageMode) {
            switch mode {
            case .stage: self = .stage
            case .stageAndCommit: self = .stageAndCommit
            case .noCheckout: self = .noCheckout
            }
        }
    }

    /// One file of the run, as the header lists it; its bytes follow the header in list order.
    struct File: Codable, Equatable {
        /// Repository-relative (git modes) or absolute (in-place).
        var path: String
        var originalBlob, migratedBlob: String
        var originalSize, migratedSize: Int
    }

    /// The JSON line.
    struct Header: Codable, Equatable {
        var version = 1
        var tool = "swiftui-migrate \(CLI.version)"
        var mode: Mode
        /// When the run began writing, ISO 8601.
        var startedAt: String
        /// Git modes: the branch created, the commit it starts from, the reference HEAD named before.
        var branch, base, headReference: String?
        /// No-checkout mode: the migration commit the branch is created at.
        var commit: String?
        /// Commit modes: the message's parts and the author given with `--author`.
        var commitTitle, commitBody, author: String?
        var trailers: [[String]]?
        var files: [File]
    }

    var header: Header
    /// The files with their bytes, in header order.
    var changes: [FileRewrite]
    /// The git steps begun, in order.
    var steps: [StageProgress] = []

    /// A journal of the git run `record`.
    init(_ record: StageRecord) throws {
        header = Header(
            mode: Mode(record.mode), startedAt: Self.now(), branch: record.branch, base: record.base.hex,
            headReference: record.headReference, commit: record.commitID?.hex, commitTitle: record.commit.title,
            commitBody: record.commit.body, author: record.commit.author?.description,
            trailers: record.commit.trailers.map { [$0.key, $0.value] }, files: try Self.files(record.changes))
        changes = record.changes
    }

    /// A journal of an in-place run writing `changes` (absolute paths).
    init(inPlace changes: [FileRewrite]) throws {
        header = Header(mode: .inPlace, startedAt: Self.now(), files: try Self.files(changes))
        self.changes = changes
    }

    /// The git run this journal records; nil for an in-place one or a header that lacks a part.
    var stageRecord: StageRecord? {
        guard let mode = header.mode.stageMode, let branch = header.branch,
              let base = header.base.flatMap(ObjectID.init(hex:)) else { return nil }
        let commit = CommitOptions(
            title: header.commitTitle ?? "", body: header.commitBody ?? "",
            trailers: (header.trailers ?? []).compactMap { $0.count == 2 ? Trailer($0[0], $0[1]) : nil },
            author: header.author.flatMap { try? Identity(parsing: $0) })
        return StageRecord(
            mode: mode, branch: branch, base: base, headReference: header.headReference, changes: changes,
            commit: commit, commitID: header.commit.flatMap(ObjectID.init(hex:)))
    }

    /// The last git step begun.
    var lastStep: StageProgress? { steps.last }

    // MARK: - On disk

    /// Writes the journal to `path` atomically and durably.
    func write(to path: String) throws {
        var bytes = Array(try JSONEncoder().encode(header))
        bytes.append(UInt8(ascii: "\n"))
        for change in changes {
            bytes += change.original
            bytes += change.migrated
        }
        for step in steps { bytes += Array("step \(step.rawValue)\n".utf8) }
        try AtomicFileWrite.write(bytes, to: path, expecting: nil)
    }

    /// Appends the line of `step` to the journal at `path` and flushes it to disk.
    static func append(_ step: StageProgress, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { throw CommandError("cannot update the journal \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let line = Array("step \(step.rawValue)\n".utf8)
        guard line.withUnsafeBytes({ writeToDescriptor(descriptor, $0.baseAddress!, $0.count) }) == line.count, fsync(descriptor) == 0 else {
            throw CommandError("cannot update the journal \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// The journal at `path`; nil when there is none.
    static func read(_ path: String) throws -> ApplyJournal? {
        guard (try? AtomicFileWrite.regularFileStatus(path)) != nil else { return nil }
        let bytes = try AtomicFileWrite.readRegularFile(path)
        let broken = DamagedJournal(path: path)
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
              let header = try? JSONDecoder().decode(Header.self, from: Data(bytes[..<newline])) else { throw broken }
        guard header.version <= 1 else {
            throw CommandError("the journal \(path) was written by a newer swiftui-migrate (\(header.tool)); use that one")
        }
        var offset = newline + 1
        var changes: [FileRewrite] = []
        for file in header.files {
            guard offset + file.originalSize + file.migratedSize <= bytes.count else { throw broken }
            let original = Array(bytes[offset..<offset + file.originalSize])
            offset += file.originalSize
            let migrated = Array(bytes[offset..<offset + file.migratedSize])
            offset += file.migratedSize
            changes.append(FileRewrite(path: file.path, original: original, migrated: migrated))
        }
        let steps = String(decoding: bytes[offset...], as: UTF8.self).split(separator: "\n").compactMap { line in
            line.hasPrefix("step ") ? StageProgress(rawValue: String(line.dropFirst(5))) : nil
        }
        return ApplyJournal(header: header, changes: changes, steps: steps)
    }

    /// When the file at `path` last changed, in seconds since 1970 (0 when it cannot be read).
    static func lastChange(_ path: String) -> Double {
        var status = stat()
        guard stat(path, &status) == 0 else { return 0 }
        return status.lastModificationSeconds
    }

    private init(header: Header, changes: [FileRewrite], steps: [StageProgress]) {
        self.header = header
        self.changes = changes
        self.steps = steps
    }

    private static func files(_ changes: [FileRewrite]) throws -> [File] {
        try changes.map {
            File(
                path: $0.path, originalBlob: try ObjectID.blob(hashing: $0.original).hex,
                migratedBlob: try ObjectID.blob(hashing: $0.migrated).hex, originalSize: $0.original.count,
                migratedSize: $0.migrated.count)
        }
    }

    private static func now() -> String { ISO8601DateFormatter().string(from: Date()) }
}
