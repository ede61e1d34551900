import SwiftParser

/// A text with its parse, kept so that the next version of the same text — an editor's buffer
/// after a keystroke — is parsed incrementally: SwiftParser reuses every node outside the part
/// that changed (`MigrationEngine.memory`).
public struct ParsedText: Sendable {
    /// The text that was parsed.
    let bytes: [UInt8]
    /// Its parse, with what the incremental parser needs to reuse it.
    let result: IncrementalParseResult
    /// How many incremental parses in a row led to this one (0: parsed from scratch).
    var reuses = 0

    /// Incremental parses in a row before the next text is parsed from scratch: a tree that reuses
    /// another's nodes keeps that tree's memory alive, so an unbroken chain of edits would hold every
    /// earlier version of the document (the server's memory grew by 26 MiB over 1,000 changes, about
    /// 26 KiB a change). At 128 the chain holds a few MiB at the most, and the full parse it costs
    /// comes once in 128 keystrokes, not once in 16 (where it made the slowest 6% of checks).
    static let maximumReuses = 128

    /// This parse, when the next text may still be parsed from it.
    var reusable: ParsedText? { reuses < Self.maximumReuses ? self : nil }

    /// The one edit that turns this text into `newer`: the bytes between their common prefix and
    /// their common suffix, widened to whole characters (an empty edit when they are equal).
    func edit(to newer: [UInt8]) -> ByteEdit {
        let changed = FixAttribution.changedRange(bytes, newer).original
        var (prefix, suffix) = (changed.lowerBound, bytes.count - changed.upperBound)
        // Whole characters only: a boundary inside a multi-byte character moves out to the character's edge.
        func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        while prefix > 0 && ((prefix < newer.count && isContinuation(newer[prefix])) || (prefix < bytes.count && isContinuation(bytes[prefix]))) {
            prefix -= 1
        }
        while suffix > 0 && (isContinuation(newer[newer.count - suffix]) || isContinuation(bytes[bytes.count - suffix])) {
            suffix -= 1
        }
        let replacement = newer[prefix..<(newer.count - suffix)]
        return ByteEdit(range: prefix..<(bytes.count - suffix), replacement: String(decoding: replacement, as: UTF8.self))
    }
}
