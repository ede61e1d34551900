/// The names a module's files write after `extension` (`extension Panel`, each of `Feed` and `Model`
/// in `extension Feed.Model`), found by one search per file: the views of a module look up their
/// extensions in other files, and a search for each view's name went through every file once per view.
///
/// It answers as `ModuleIndex.declares(_:_:after: ["extension"])` does, file by file: the word
/// `extension`, spaces or tabs, and dotted names, in comments and strings as well.
struct ExtendedNames {
    /// The positions (ascending) of the files that extend each name.
    private var files: [String: [Int]] = [:]

    /// The names `files` extend.
    init(_ files: [[UInt8]]) {
        for (file, bytes) in files.enumerated() {
            bytes.withUnsafeBufferPointer { text in
                let count = text.count
                var start = 0
                while let found = ByteSearch.firstOffset(of: "extension", in: text, from: start) {
                    start = found + 1
                    var next = found + 9
                    guard found == 0 || !ByteSearch.isIdentifierByte(text[found - 1]),
                          next < count, text[next] == UInt8(ascii: " ") || text[next] == UInt8(ascii: "\t") else { continue }
                    while next < count && (text[next] == UInt8(ascii: " ") || text[next] == UInt8(ascii: "\t")) { next += 1 }
                    while next < count && ByteSearch.isIdentifierByte(text[next]) {
                        let nameStart = next
                        var ascii = true
                        while next < count && ByteSearch.isIdentifierByte(text[next]) {
                            ascii = ascii && text[next] < 0x80
                            next += 1
                        }
                        // Only ASCII names are kept: a String equals another written with other bytes (a Kelvin
                        // sign is a K), which the byte search would not take.
                        if ascii {
                            let name = String(decoding: UnsafeBufferPointer(rebasing: text[nameStart..<next]), as: UTF8.self)
                            if self.files[name]?.last != file { self.files[name, default: []].append(file) }
                        }
                        guard next + 1 < count, text[next] == UInt8(ascii: "."), ByteSearch.isIdentifierByte(text[next + 1]) else { break }
                        next += 1
                    }
                }
            }
        }
    }

    /// The positions, ascending, of the files that extend `name` (ASCII), alone or as part of a dotted name.
    func files(extending name: String) -> [Int] {
        files[name] ?? []
    }
}
