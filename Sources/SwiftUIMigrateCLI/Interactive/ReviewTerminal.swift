import Foundation

/// Where an interactive review asks its questions and reads the answers.
protocol ReviewTerminal: AnyObject {
    /// Shows `text` to the person reviewing.
    func write(_ text: String)
    /// The next line typed, without its line break; nil when input has ended (Ctrl-D).
    func readLine() -> String?
}

/// The controlling terminal, `/dev/tty`, opened for reading and writing.
///
/// The review talks to the terminal itself rather than to stdin and stdout, the way `ssh`
/// and `gpg` ask for passphrases: `diff --interactive > accepted.patch` keeps only the patch
/// on stdout, and the questions never end up in a redirected report. Answers are read a
/// line at a time in the terminal's normal (canonical, echoing) mode, as `git add -p` does
/// by default, so Ctrl-C stops the tool with the terminal as it was and nothing written.
final class ControllingTerminal: ReviewTerminal {
    private let descriptor: Int32
    /// Written as standard output is: whole, retried when interrupted; nothing more after a failed write.
    private let output: OutputDescriptor

    /// Opens `/dev/tty`; throws a one-line error when the process has no controlling
    /// terminal (CI jobs, cron, `setsid`, pipes from another program).
    init() throws {
        let descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard descriptor >= 0, isatty(descriptor) == 1 else {
            if descriptor >= 0 { close(descriptor) }
            throw CommandError("--interactive needs a terminal to ask on, and this process has none (/dev/tty cannot be opened)")
        }
        // A process outside the terminal's foreground process group cannot read it (the read
        // fails or stops the process): refuse up front rather than take that as "q". This is
        // the case under `swift package plugin`, which runs the tool in its own process group.
        guard tcgetpgrp(descriptor) == getpgrp() else {
            close(descriptor)
            throw CommandError("--interactive needs to run in the terminal's foreground, and this process is in the background "
                + "(under 'swift package plugin', for one); run swiftui-migrate itself")
        }
        self.descriptor = descriptor
        output = OutputDescriptor(descriptor: descriptor, name: "the terminal")
    }

    deinit { close(descriptor) }

    func write(_ text: String) {
        _ = output.write(Array(text.utf8))
    }

    func readLine() -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
    }
}
