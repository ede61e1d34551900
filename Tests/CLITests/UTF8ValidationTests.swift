@testable import SwiftUIMigrateCLI
import XCTest

/// `SourceReader.isUTF8` judges bytes as the standard library's `String(validating:as:)` does, without
/// making the string: on the edges of every sequence length and on random bytes.
final class UTF8ValidationTests: XCTestCase {
    private func assertSameJudgement(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let expected = String(validating: bytes, as: UTF8.self) != nil
        XCTAssertEqual(SourceReader.isUTF8(bytes), expected, "\(bytes.map { String($0, radix: 16) })", file: file, line: line)
    }

    func testEdgesOfEachSequenceLength() {
        let valid: [[UInt8]] = [
            Array("let title = \"Shelf 📚\" // naïve, 日本語".utf8),
            [0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
            [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
        ]
        let invalid: [[UInt8]] = [
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xC2, 0x41], [0xE0, 0x9F, 0xBF], [0xE1, 0x80],
            [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],
            [0xF0, 0x90, 0x80], [0xE2, 0x82, 0x41],
        ]
        for sequence in valid + invalid {
            for padding in 0..<10 {
                // Before, after and between runs of ASCII, so both the eight-byte and the byte-by-byte paths meet it.
                let ascii = [UInt8](repeating: UInt8(ascii: "a"), count: padding)
                assertSameJudgement(ascii + sequence)
                assertSameJudgement(sequence + ascii)
                assertSameJudgement(ascii + sequence + ascii + sequence)
            }
        }
        XCTAssertTrue(SourceReader.isUTF8([]))
    }

    func testRandomTextsOfASCIICharactersAndStrayBytes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...30, using: &generator) {
                switch Int.random(in: 0..<8, using: &generator) {
                case 0: bytes.append(UInt8.random(in: 0x80...0xFF, using: &generator))
                case 1, 2:
                    let scalar = Unicode.Scalar(UInt32.random(in: 0x80...0x10FFFF, using: &generator)) ?? "é"
                    bytes += Array(String(Character(scalar)).utf8)
                default: bytes.append(UInt8.random(in: 0x20...0x7E, using: &generator))
                }
            }
            assertSameJudgement(bytes)
        }
    }
}
