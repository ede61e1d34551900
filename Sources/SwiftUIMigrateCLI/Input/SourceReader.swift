import Foundation

/// Reads a Swift file's bytes, or says in one line why it is skipped.
enum SourceReader {
    enum Outcome {
        case text([UInt8])
        case skipped(String)
    }

    /// The file's bytes when they are UTF-8 text within `maxSize`; otherwise why not.
    static func read(_ file: SourceFile, maxSize: Int) -> Outcome {
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.absolutePath)
        if let size = attributes?[.size] as? NSNumber, size.intValue > maxSize {
            return .skipped("larger than the \(maxSize)-byte limit (maxFileSize)")
        }
        guard let data = FileManager.default.contents(atPath: file.absolutePath) else {
            return .skipped("cannot be read")
        }
        let bytes = [UInt8](data)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            return .skipped("not UTF-8 text")
        }
        return .text(bytes)
    }
}
