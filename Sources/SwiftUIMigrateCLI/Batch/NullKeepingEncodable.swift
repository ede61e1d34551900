/// A batch report's object: written with every stored property under its own name and a nil one as `null`, so every
/// object has the same keys (the synthesized `encode(to:)` leaves a nil out). A type with a computed field writes
/// ``encodeStoredProperties(to:)`` and then that field.
protocol NullKeepingEncodable: Encodable {}

extension NullKeepingEncodable {
    func encode(to encoder: any Encoder) throws { try encodeStoredProperties(to: encoder) }

    /// Every stored property under its own name, a nil one as `null`.
    func encodeStoredProperties(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PropertyName.self)
        for case (let name?, let value) in Mirror(reflecting: self).children {
            guard let value = value as? any Encodable else {
                let context = EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "\(name) is not Encodable")
                throw EncodingError.invalidValue(value, context)
            }
            try container.encode(value, forKey: PropertyName(stringValue: name))
        }
    }
}

/// A stored property's name as a key.
private struct PropertyName: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
