/// A value of an old-style (OpenStep) property list, the format of `project.pbxproj`:
/// `{ key = value; }`, `( a, b, )`, and strings bare or quoted; `/* comments */` and `// comments`.
public enum OpenStepPropertyList: Equatable, Sendable {
    case string(String)
    case array([OpenStepPropertyList])
    /// The entries in the order written: a pbxproj's dictionaries are small, so a key is looked up
    /// by a walk rather than hashed (hashing every key of a megabyte project costs more than its parse).
    case dictionary([Entry])

    /// One `key = value;` of a dictionary.
    public struct Entry: Equatable, Sendable {
        public var key: String
        public var value: OpenStepPropertyList

        public init(_ key: String, _ value: OpenStepPropertyList) {
            self.key = key
            self.value = value
        }
    }

    /// The list `text` holds; nil when it is not one (a pbxproj cut short, a file of bare settings lines).
    public static func parse(_ text: String) -> OpenStepPropertyList? {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { bytes -> OpenStepPropertyList? in
            var reader = Reader(bytes: bytes)
            guard let value = reader.value() else { return nil }
            reader.skipSpaceAndComments()
            return reader.position == bytes.count ? value : nil
        } ?? nil
    }

    /// The string, nil for a list or dictionary.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The elements of an array (a lone string counts as one), empty otherwise.
    public var array: [OpenStepPropertyList] {
        switch self {
        case .array(let elements): elements
        case .string: [self]
        case .dictionary: []
        }
    }

    /// The value under `key` of a dictionary (the last one written); nil for a missing key or another kind of value.
    public subscript(key: String) -> OpenStepPropertyList? {
        if case .dictionary(let entries) = self { return entries.last { $0.key == key }?.value }
        return nil
    }

    /// The entries of a dictionary by key (a later one replaces an earlier); empty for another kind of value.
    public var keyed: [String: OpenStepPropertyList] {
        guard case .dictionary(let entries) = self else { return [:] }
        return Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { _, later in later })
    }

    /// Reads values from UTF-8 bytes.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        mutating func value() -> OpenStepPropertyList? {
            skipSpaceAndComments()
            guard position < bytes.count else { return nil }
            switch bytes[position] {
            case UInt8(ascii: "{"): return dictionary()
            case UInt8(ascii: "("): return array()
            case UInt8(ascii: "\""), UInt8(ascii: "'"): return quoted().map(OpenStepPropertyList.string)
            default: return bare().map(OpenStepPropertyList.string)
            }
        }

        private mutating func dictionary() -> OpenStepPropertyList? {
            items(closing: UInt8(ascii: "}"), separator: UInt8(ascii: ";"), lastSeparatorOptional: false) { $0.entry() }
                .map(OpenStepPropertyList.dictionary)
        }

        private mutating func array() -> OpenStepPropertyList? {
            items(closing: UInt8(ascii: ")"), separator: UInt8(ascii: ","), lastSeparatorOptional: true) { $0.value() }
                .map(OpenStepPropertyList.array)
        }

        /// One `key = value` of a dictionary.
        private mutating func entry() -> Entry? {
            guard case .string(let key)? = value() else { return nil }
            skipSpaceAndComments()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { return nil }
            position += 1
            return value().map { Entry(key, $0) }
        }

        /// The items of a dictionary or an array, from its opening byte to `closing`: each read by `item`
        /// and followed by `separator`, which an array may leave out after its last item. Nil when malformed.
        private mutating func items<Item>(
            closing: UInt8, separator: UInt8, lastSeparatorOptional: Bool, _ item: (inout Reader) -> Item?
        ) -> [Item]? {
            position += 1
            var items: [Item] = []
            while true {
                skipSpaceAndComments()
                guard position < bytes.count else { return nil }
                if bytes[position] == closing {
                    position += 1
                    return items
                }
                guard let next = item(&self) else { return nil }
                items.append(next)
                skipSpaceAndComments()
                guard position < bytes.count else { return nil }
                if bytes[position] == separator {
                    position += 1
                } else if !lastSeparatorOptional || bytes[position] != closing {
                    return nil
                }
            }
        }

        /// A quoted string with its escapes (`\"`, `\\`, `\n`, `\t`) resolved.
        private mutating func quoted() -> String? {
            let quote = bytes[position]
            position += 1
            // Most strings have no escape: one slice.
            var end = position
            while end < bytes.count, bytes[end] != quote, bytes[end] != UInt8(ascii: "\\") { end += 1 }
            if end < bytes.count, bytes[end] == quote {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
                position = end + 1
                return text
            }
            var text: [UInt8] = []
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if byte == quote { return String(decoding: text, as: UTF8.self) }
                if byte == UInt8(ascii: "\\"), position < bytes.count {
                    let escaped = bytes[position]
                    position += 1
                    switch escaped {
                    case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
                    case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
                    default: text.append(escaped)
                    }
                } else {
                    text.append(byte)
                }
            }
            return nil
        }

        /// Letters, digits and `_$+/:.-` up to the next other byte.
        private mutating func bare() -> String? {
            let start = position
            while position < bytes.count, Self.isBare(bytes[position]) { position += 1 }
            guard position > start else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }

        private static func isBare(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
                 UInt8(ascii: "-"), UInt8(ascii: "<"), UInt8(ascii: ">"):
                true
            default:
                byte >= 0x80
            }
        }

        mutating func skipSpaceAndComments() {
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    position += 1
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                    position += 2
                    while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
                        position += 1
                    }
                    position = min(position + 2, bytes.count)
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                    while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
                } else {
                    return
                }
            }
        }
    }
}
