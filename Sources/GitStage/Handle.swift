import CLibgit2

/// Owns one libgit2 object and frees it when the last Swift reference goes away.
///
/// `keepAlive` holds the object this one depends on (a tree or commit holds its repository), so the owner is never
/// freed first. Never leaves the module: the public API hands out Swift values only.
final class Handle {
    let pointer: OpaquePointer
    private let free: (OpaquePointer) -> Void
    private let keepAlive: AnyObject?

    init(_ pointer: OpaquePointer, keepAlive: AnyObject? = nil, free: @escaping (OpaquePointer) -> Void) {
        self.pointer = pointer
        self.free = free
        self.keepAlive = keepAlive
    }

    deinit { free(pointer) }

    /// Calls a libgit2 constructor that fills an out-pointer, checks the result and wraps the object.
    static func make(
        _ operation: @autoclosure () -> String, keepAlive: AnyObject? = nil,
        free: @escaping (OpaquePointer) -> Void,
        _ construct: (UnsafeMutablePointer<OpaquePointer?>) -> Int32
    ) throws -> Handle {
        Libgit2.ensureInitialized()
        var out: OpaquePointer?
        try check(construct(&out), operation())
        guard let out else {
            throw Libgit2Error(code: .generic, domain: .none, message: "no object returned", operation: operation())
        }
        return Handle(out, keepAlive: keepAlive, free: free)
    }

    /// Like ``make(_:keepAlive:free:_:)`` for a lookup: nil when libgit2 finds nothing (`GIT_ENOTFOUND`).
    static func lookUp(
        _ operation: @autoclosure () -> String, keepAlive: AnyObject? = nil,
        free: @escaping (OpaquePointer) -> Void,
        _ construct: (UnsafeMutablePointer<OpaquePointer?>) -> Int32
    ) throws -> Handle? {
        Libgit2.ensureInitialized()
        var out: OpaquePointer?
        guard try checkFound(construct(&out), operation()), let out else { return nil }
        return Handle(out, keepAlive: keepAlive, free: free)
    }
}

/// Owns a `git_signature` (a plain struct in libgit2, so not an `OpaquePointer`).
final class Signature {
    let pointer: UnsafeMutablePointer<git_signature>
    init(_ pointer: UnsafeMutablePointer<git_signature>) { self.pointer = pointer }
    deinit { git_signature_free(pointer) }
}

extension git_buf {
    /// The buffer's bytes, copied out before the buffer is disposed.
    var bytes: [UInt8] {
        guard let ptr, size > 0 else { return [] }
        return ptr.withMemoryRebound(to: UInt8.self, capacity: size) { Array(UnsafeBufferPointer(start: $0, count: size)) }
    }
}
