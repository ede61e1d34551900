import AtomicFiles
import Foundation
import XCTest

@testable import GitStage

final class AtomicFileWriteTests: XCTestCase {
    func testReplacesBytesExactlyAndKeepsMode() throws {
        let scratch = try Scratch()
        try scratch.write("run.swift", "old\r\n")
        XCTAssertEqual(chmod(scratch.file("run.swift"), 0o755), 0)
        let new = Array("new\r\nno final newline".utf8)
        try AtomicFileWrite.write(new, to: scratch.file("run.swift"), expecting: Array("old\r\n".utf8))
        XCTAssertEqual(try scratch.read("run.swift"), new)
        XCTAssertEqual(try scratch.mode("run.swift"), 0o755)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), ["run.swift"])
    }

    func testRefusesWhenFileChangedOnDisk() throws {
        let scratch = try Scratch()
        try scratch.write("A.swift", "edited by someone else\n")
        XCTAssertThrowsError(
            try AtomicFileWrite.write(Array("mine".utf8), to: scratch.file("A.swift"), expecting: Array("original\n".utf8))
        ) { error in
            XCTAssertEqual(error as? FileWriteError, .changedOnDisk(path: scratch.file("A.swift")))
            XCTAssertEqual("\(error)", "\(scratch.file("A.swift")) changed on disk since it was read")
        }
        XCTAssertEqual(try scratch.read("A.swift"), Array("edited by someone else\n".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), ["A.swift"])
    }

    func testRefusesWhenExpectedFileIsGone() throws {
        let scratch = try Scratch()
        XCTAssertThrowsError(try AtomicFileWrite.write([1], to: scratch.file("gone.swift"), expecting: [2])) { error in
            XCTAssertEqual(error as? FileWriteError, .changedOnDisk(path: scratch.file("gone.swift")))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.file("gone.swift")))
    }

    func testCreatesMissingFileWhenNothingExpected() throws {
        let scratch = try Scratch()
        try AtomicFileWrite.write(Array("hi\n".utf8), to: scratch.file("new.swift"), expecting: nil)
        XCTAssertEqual(try scratch.read("new.swift"), Array("hi\n".utf8))
        XCTAssertEqual(try scratch.mode("new.swift"), 0o644)
    }

    func testRefusesSymbolicLinkAndLeavesTargetAlone() throws {
        let scratch = try Scratch()
        try scratch.write("Real.swift", "real\n")
        try FileManager.default.createSymbolicLink(atPath: scratch.file("Link.swift"), withDestinationPath: "Real.swift")
        XCTAssertThrowsError(
            try AtomicFileWrite.write(Array("x".utf8), to: scratch.file("Link.swift"), expecting: Array("real\n".utf8))
        ) { error in
            XCTAssertEqual(error as? FileWriteError, .symbolicLink(path: scratch.file("Link.swift")))
        }
        XCTAssertEqual(try scratch.read("Real.swift"), Array("real\n".utf8))
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: scratch.file("Link.swift")), "Real.swift")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted(), ["Link.swift", "Real.swift"])
    }

    func testRefusesFolder() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.file("Dir.swift"), withIntermediateDirectories: true)
        XCTAssertThrowsError(try AtomicFileWrite.write([1], to: scratch.file("Dir.swift"), expecting: nil)) { error in
            XCTAssertEqual(error as? FileWriteError, .notARegularFile(path: scratch.file("Dir.swift")))
        }
    }

    func testFailureLeavesNoTemporaryFile() throws {
        let scratch = try Scratch()
        // The rename target is a non-empty folder's child path whose parent does not exist: mkstemp fails cleanly.
        XCTAssertThrowsError(try AtomicFileWrite.write([1], to: scratch.file("missing/A.swift"), expecting: nil))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), [])
    }

    func testReadRegularFileReadsBytesAndRefusesFIFOWithoutWaiting() throws {
        let scratch = try Scratch()
        let bytes = Array(String(repeating: "line\r\n", count: 20_000).utf8)
        try scratch.write("Big.swift", bytes)
        XCTAssertEqual(try AtomicFileWrite.readRegularFile(scratch.file("Big.swift")), bytes)
        try scratch.write("Empty.swift", "")
        XCTAssertEqual(try AtomicFileWrite.readRegularFile(scratch.file("Empty.swift")), [])
        // A FIFO with no writer: opening it to read would wait for one; it is refused at once instead.
        XCTAssertEqual(mkfifo(scratch.file("pipe"), 0o644), 0)
        XCTAssertThrowsError(try AtomicFileWrite.readRegularFile(scratch.file("pipe"))) { error in
            XCTAssertEqual(error as? FileWriteError, .notARegularFile(path: scratch.file("pipe")))
        }
    }
}
