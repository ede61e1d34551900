import SwiftSyntax

/// A method called on a value of the standard library's — an array, a dictionary, a set, a
/// string, a number — whose effect is known without a declaration to read: it changes the value
/// (`append`, `removeAll`, `sort`) or only reads it (`map`, `filter`, `contains`). Another name is no
/// method of the standard library's: an extension declared elsewhere, which nobody read.
struct StandardLibraryMethod {
    /// True when the method changes the value it is called on.
    var isMutating: Bool

    /// The standard library's method `name`; nil when it has none of that name.
    init?(_ name: String) {
        guard Self.mutatingNames.contains(name) || Self.readingNames.contains(name) else { return nil }
        isMutating = Self.mutatingNames.contains(name)
    }

    /// The standard library's methods of sequences, collections, strings and optionals that only read.
    static let readingNames: Set<String> = [
        "map", "compactMap", "flatMap", "filter", "reduce", "forEach", "contains", "allSatisfy", "first", "last",
        "firstIndex", "lastIndex", "min", "max", "sorted", "reversed", "joined", "prefix", "suffix", "dropFirst",
        "dropLast", "enumerated", "split", "lowercased", "uppercased", "hasPrefix", "hasSuffix", "trimmingCharacters",
        "starts", "elementsEqual", "count", "index", "distance", "shuffled", "randomElement", "isEmpty",
    ]

    /// The standard library's mutating methods of collections, strings and numbers.
    static let mutatingNames: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "removeValue",
        "popFirst", "popLast", "replaceSubrange", "sort", "reverse", "shuffle", "swapAt", "partition",
        "formUnion", "formIntersection", "formSymmetricDifference", "subtract", "merge", "updateValue", "reserveCapacity",
        "toggle", "negate", "formIndex",
    ]

    /// The standard library's value types a property may be written as.
    static let typeNames: Set<String> = [
        "Array", "ContiguousArray", "Dictionary", "Set", "String", "Substring", "Int", "Int8", "Int16", "Int32", "Int64",
        "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "CGFloat", "Bool",
    ]

    /// True when `property` holds a standard-library value: written as `[Item]`, `[String: Int]`,
    /// `Set<Tag>`, `String?`, or made by a literal (`= []`, `= [:]`, `= ""`, `= 0`).
    static func isStandardLibraryValue(_ property: StoredProperty) -> Bool {
        if var type = property.type {
            while let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
            if type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self) { return true }
            return type.as(IdentifierTypeSyntax.self).map { typeNames.contains($0.name.text) } ?? false
        }
        guard let initializer = property.initializer else { return false }
        return initializer.is(ArrayExprSyntax.self) || initializer.is(DictionaryExprSyntax.self)
            || initializer.is(StringLiteralExprSyntax.self) || initializer.is(IntegerLiteralExprSyntax.self)
            || initializer.is(FloatLiteralExprSyntax.self) || initializer.is(BooleanLiteralExprSyntax.self)
    }
}
