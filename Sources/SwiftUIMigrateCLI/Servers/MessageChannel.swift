import Foundation
import SwiftUIMigrate

/// JSON-RPC 2.0 messages framed as the Language Server Protocol frames them: a `Content-Length`
/// header, a blank line, then that many bytes of JSON (read from one file descriptor, written to
/// another); or, for the Model Context Protocol's stdio transport, one JSON text per line.
///
/// A frame that is wrong — no `Content-Length`, a length that does not match the JSON that follows,
/// a body that is not JSON — is given back as `unreadable` (with the request's id when it can be
/// read), and reading goes on from the next `Content-Length` header: one bad frame never ends or
/// stalls the session. The body's extent is found by scanning the JSON (`JSONExtent`), so a length
/// too large is caught without waiting for bytes that will never come.
final class MessageChannel: @unchecked Sendable {
    // Unchecked: reads happen on one thread; writes are serialised by `writeLock`.
    private let input: Int32
    private let framing: Framing
    private let output: OutputDescriptor
    private let writeLock = NSLock()
    private var buffer: [UInt8] = []
    private var start = 0

    /// How long a read waits for bytes that only a wrong frame would still need (the rest of a
    /// body past its stated length, a header after stray bytes) before calling the frame wrong.
    static let strayWait: Int32 = 200

    /// What a read gives: a message, a frame that cannot be read (answered with a parse error,
    /// with the request's id when it was readable, else `null`), or the end of the input.
    enum Received {
        case message(Message)
        case unreadable(String, id: JSONValue)
        case end
    }

    /// How messages are delimited on the wire.
    enum Framing {
        /// `Content-Length` headers (LSP).
        case contentLength
        /// One message per line, without line breaks inside (MCP over stdio).
        case lines
    }

    init(input: Int32 = 0, output: Int32 = 1, framing: Framing = .contentLength) {
        self.input = input
        self.framing = framing
        self.output = OutputDescriptor(descriptor: output, name: "the client's output")
    }

    /// The next message, waiting for it.
    func receive() -> Received {
        switch framing == .lines ? nextLine() : nextFrame() {
        case .none:
            return .end
        case .some(.failure(let problem)):
            return .unreadable(problem.description, id: Self.id(in: problem.bytes) ?? .null)
        case .some(.success(let value)):
            guard let message = Message(value) else { return .unreadable("the message is not a JSON object", id: .null) }
            return .message(message)
        }
    }

    /// Writes `message` as one frame.
    func send(_ message: JSONValue) {
        let body = JSONObjectWriter.data(message)
        let frame = framing == .lines ? body + [UInt8(ascii: "\n")] : Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        writeLock.lock()
        defer { writeLock.unlock() }
        // A client whose reader is gone can be answered no more: the server ends (it writes no file), as
        // a command does, rather than idling on while its input stays open.
        switch output.write(frame) {
        case nil: return
        case .closedPipe: SignalGuard.end(.signal(SIGPIPE))
        case .failed: SignalGuard.end(.exit(ExitCode.failure))
        }
    }

    /// The JSON value of the next line that is not blank, or why it is not JSON; nil at the end of the input.
    private func nextLine() -> Result<JSONValue, FrameError>? {
        while let (line, _) = readLine() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            let bytes = Array(line.utf8)
            guard let value = Self.json(bytes[...]) else {
                return .failure(FrameError(description: "the line is not JSON", bytes: bytes))
            }
            return .success(value)
        }
        return nil
    }

    /// A frame that could not be read: why, and the bytes it held (where a request's id may be found).
    struct FrameError: Error, CustomStringConvertible {
        var description: String
        var bytes: [UInt8] = []
    }

    /// The id of the JSON object somewhere in `bytes` (a request's), if one can be read — also when a string
    /// of it holds a lone surrogate escape (`\ud800`), which makes the object unreadable but not its id.
    private static func id(in bytes: [UInt8]) -> JSONValue? {
        guard let brace = bytes.firstIndex(of: UInt8(ascii: "{")), let end = JSONExtent.end(of: bytes[brace...]) else { return nil }
        let json = String(decoding: bytes[brace..<end], as: UTF8.self)
        let readable = [json, json.replacingOccurrences(of: #"\\u[dD][89abcdefABCDEF][0-9a-fA-F]{2}"#, with: #"\\ufffd"#, options: .regularExpression)]
        let object = readable.lazy.compactMap { try? JSONValue(json: Array($0.utf8)[...]) }.first { $0.object != nil }
        return object?["id"]
    }

    // MARK: Frames

    /// The JSON value of the next frame, or why it is wrong; nil at the end of the input.
    private func nextFrame() -> Result<JSONValue, FrameError>? {
        // A header found wrong: said together with the bytes skipped after it (the frame's body).
        var problem: String?
        while true {
            switch seekHeader(problem: problem) {
            case .none: return nil
            case .some(.failure(let stray)): return .failure(stray)
            case .some(.success): problem = nil
            }
            var length: Int?
            // Headers: lines up to an empty one; only Content-Length matters.
            while true {
                guard let (line, from) = readLine() else { return nil }
                if line.isEmpty { break }
                guard let colon = line.firstIndex(of: ":"), line[..<colon].allSatisfy({ $0.isLetter || $0 == "-" }) else {
                    // Not a header (a body with no blank line before it): read on from the next header in it, if any.
                    if let next = Self.header(in: buffer, from: from + 1), next < start { start = next }
                    return .failure(FrameError(description: "no blank line after the headers", bytes: Array(line.utf8)))
                }
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if line[..<colon].lowercased() == "content-length" {
                    guard let number = Int(value), number >= 0 else {
                        problem = "Content-Length is not a number: \(value)"
                        break
                    }
                    length = number
                }
            }
            if problem == nil, let length { return body(stated: length) }
            problem = problem ?? "a frame without a Content-Length header"
        }
    }

    /// Moves to the next `Content-Length` header. A failure, with the bytes skipped, when they were more
    /// than whitespace (a frame without the header, the rest of a wrong one) or `problem` is given.
    private func seekHeader(problem: String?) -> Result<Void, FrameError>? {
        var searched = start
        while true {
            if let found = Self.header(in: buffer, from: searched) {
                let stray = Array(buffer[start..<found])
                start = found
                if problem == nil && stray.allSatisfy(Self.isWhitespace) { return .success(()) }
                return .failure(FrameError(description: problem ?? "\(stray.count) bytes outside any frame (no Content-Length header)", bytes: stray))
            }
            let offset = max(0, buffer.count - start - Self.headerName.count)
            let stray = problem != nil || !buffer[start...].allSatisfy(Self.isWhitespace)
            switch fill(waitingAtMost: stray ? Self.strayWait : nil) {
            case .end: return nil
            case .read: searched = start + offset
            case .timedOut:
                let bytes = Array(buffer[start...])
                start = buffer.count
                return .failure(FrameError(description: problem ?? "\(bytes.count) bytes outside any frame (no Content-Length header)", bytes: bytes))
            }
        }
    }

    /// The JSON value after the headers, `stated` bytes long by its header, or why it is wrong —
    /// reading on from where the value ends.
    ///
    /// A good frame is parsed as it is, unscanned. The JSON is scanned (`JSONExtent`) only when the
    /// input pauses before the stated bytes are there (a value that has ended already means a
    /// length too large) or when the stated bytes are not JSON (a length too small, or not JSON).
    private func body(stated: Int) -> Result<JSONValue, FrameError>? {
        var extent = JSONExtent()
        var scanned = 0
        while buffer.count - start < stated {
            switch fill(waitingAtMost: Self.strayWait) {
            case .end: return nil
            case .read: continue
            case .timedOut:
                if case .some(let outcome) = scan(&extent, &scanned, stated: stated) { return outcome }
            }
        }
        if let value = Self.json(buffer[start..<(start + stated)]) {
            start += stated
            return .success(value)
        }
        if let next = buffer[(start + stated)...].firstIndex(where: { !Self.isWhitespace($0) }),
           Self.header(in: buffer, from: next) == next {
            // The next frame's header right after the stated length: the length was right and the JSON is cut
            // short. Only those bytes are dropped; scanning on would take the next frame for the rest of this one.
            let bytes = Array(buffer[start..<(start + stated)])
            start += stated
            return .failure(FrameError(description: "the body is not JSON (cut short?)", bytes: bytes))
        }
        while true {
            if case .some(let outcome) = scan(&extent, &scanned, stated: stated) { return outcome }
            // Past the stated length: the rest of the value is waited for only a short while.
            switch fill(waitingAtMost: Self.strayWait) {
            case .end: return nil
            case .read: continue
            case .timedOut:
                let bytes = Array(buffer[start...])
                start = buffer.count
                return .failure(FrameError(description: "Content-Length says \(stated) bytes but the JSON does not end there", bytes: bytes))
            }
        }
    }

    /// Scans the bytes not scanned yet: the frame's outcome once the value ends or breaks (nil inside:
    /// the end of the input), nil while it goes on.
    private func scan(_ extent: inout JSONExtent, _ scanned: inout Int, stated: Int) -> Result<JSONValue, FrameError>?? {
        while start + scanned < buffer.count {
            let step = extent.feed(buffer[start + scanned])
            scanned += 1
            switch step {
            case .more: continue
            case .broken:
                // Not JSON: drop what the header stated (or up to the break, when that is further), then seek the next header.
                let dropped = max(min(stated, buffer.count - start), scanned - 1)
                let bytes = Array(buffer[start..<(start + dropped)])
                start += dropped
                return .some(.failure(FrameError(description: "the body is not JSON", bytes: bytes)))
            case .complete:
                return .some(ended(at: scanned, stated: stated))
            }
        }
        return .none
    }

    /// The frame once its JSON value ends `end` bytes in: good when whitespace fills the rest of the
    /// stated length and the value parses.
    private func ended(at end: Int, stated: Int) -> Result<JSONValue, FrameError>? {
        let json = Array(buffer[start..<(start + end)])
        // Whitespace up to the stated length (none when the value is longer): `position` ends there only then.
        var position = end
        while position < stated {
            if start + position == buffer.count {
                switch fill(waitingAtMost: Self.strayWait) {
                case .end: return nil
                case .read: continue
                case .timedOut: break
                }
            }
            guard start + position < buffer.count, Self.isWhitespace(buffer[start + position]) else { break }
            position += 1
        }
        guard position == stated else {
            start += end
            return .failure(FrameError(description: "Content-Length says \(stated) bytes but the JSON takes \(end)", bytes: json))
        }
        start += stated
        guard let value = Self.json(json[...]) else {
            return .failure(FrameError(description: "the body is not JSON", bytes: json))
        }
        return .success(value)
    }

    /// The JSON value of `bytes`, nil when they are not JSON or are a number alone: a lone number is answered as a
    /// parse error, while a string, `true`, `false` or `null` alone is read (and answered as a message that is not an
    /// object).
    private static func json(_ bytes: ArraySlice<UInt8>) -> JSONValue? {
        guard let value = try? JSONValue(json: bytes) else { return nil }
        if case .number = value { return nil }
        return value
    }

    private static let headerName = Array("content-length".utf8)

    /// Where the next `Content-Length` (any case) starts in `bytes` from `from`.
    private static func header(in bytes: [UInt8], from: Int) -> Int? {
        let last = bytes.count - headerName.count
        guard from <= last else { return nil }
        return (from...last).first { index in headerName.indices.allSatisfy { bytes[index + $0] | 0x20 == headerName[$0] } }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    // MARK: Reading

    /// One header line without its CR LF, and where it starts in the buffer; nil at the end of the input.
    private func readLine() -> (String, from: Int)? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = (String(decoding: buffer[start..<end], as: UTF8.self), from: start)
                start = newline + 1
                return line
            }
            guard fill(waitingAtMost: nil) == .read else { return nil }
        }
    }

    private enum Fill { case read, end, timedOut }

    /// Reads more input into the buffer, waiting at most `milliseconds` when given. Bytes before
    /// `start` are dropped first (and the storage freed when nothing is left, so a large message
    /// does not hold its memory after it was read); offsets from `start` stay valid.
    private func fill(waitingAtMost milliseconds: Int32?) -> Fill {
        if start == buffer.count {
            buffer = []
            start = 0
        } else if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        if let milliseconds {
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            var ready: Int32
            repeat { ready = poll(&descriptor, 1, milliseconds) } while ready < 0 && errno == EINTR
            if ready == 0 { return .timedOut }
        }
        // A failed read ends the input, as its end does.
        return (readChunk(from: input, onto: &buffer) ?? 0) > 0 ? .read : .end
    }
}
