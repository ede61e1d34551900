#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// JSON-RPC 2.0 messages framed as the Language Server Protocol frames them: a `Content-Length`
/// header, a blank line, then that many bytes of JSON (read from one file descriptor, written to
/// another); or, for the Model Context Protocol's stdio transport, one JSON text per line.
final class MessageChannel: @unchecked Sendable {
    // Unchecked: reads happen on one thread; writes are serialised by `writeLock`.
    private let input: Int32
    private let framing: Framing
    private let output: OutputDescriptor
    private let writeLock = NSLock()
    private var buffer: [UInt8] = []
    private var start = 0

    /// What a read gives: a message, a frame whose body is not JSON (answered with a parse
    /// error), or the end of the input.
    enum Received {
        case message([String: Any])
        case unreadable(String)
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
            return .unreadable(problem.description)
        case .some(.success(let body)):
            guard let object = try? JSONSerialization.jsonObject(with: Data(body)), let message = object as? [String: Any] else {
                return .unreadable("the message is not a JSON object")
            }
            return .message(message)
        }
    }

    /// Writes `message` as one frame.
    func send(_ message: [String: Any]) {
        guard let body = JSONObjectWriter.data(message) else { return }
        let frame = framing == .lines ? body + [UInt8(ascii: "\n")] : Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        writeLock.lock()
        defer { writeLock.unlock() }
        // A client that went away takes nothing more; the server ends when its input ends.
        _ = output.write(frame)
    }

    /// The body of the next frame; nil at the end of the input.
    private func nextFrame() -> Result<[UInt8], FrameError>? {
        var length: Int?
        // Headers: lines up to an empty one; only Content-Length matters.
        while true {
            guard let line = readLine() else { return nil }
            if line.isEmpty {
                if length == nil { continue }
                break
            }
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                guard let value = Int(parts[1]), value >= 0 else { return .failure(FrameError("Content-Length is not a number: \(parts[1])")) }
                length = value
            }
        }
        guard let length, let body = readBytes(length) else { return nil }
        return .success(body)
    }

    /// The next line that is not blank; nil at the end of the input.
    private func nextLine() -> Result<[UInt8], FrameError>? {
        while let line = readLine() {
            if !line.allSatisfy(\.isWhitespace) { return .success(Array(line.utf8)) }
        }
        return nil
    }

    struct FrameError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// One header line without its CR LF; nil at the end of the input.
    private func readLine() -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = newline + 1
                return line
            }
            guard fill() else { return nil }
        }
    }

    private func readBytes(_ count: Int) -> [UInt8]? {
        while buffer.count - start < count {
            guard fill() else { return nil }
        }
        let bytes = Array(buffer[start..<(start + count)])
        start += count
        return bytes
    }

    /// Reads more input into the buffer; false at the end of the input.
    private func fill() -> Bool {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
    }
}
