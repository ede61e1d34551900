import Foundation

extension GitRepositoryFolder {
    /// A copy of the whole repository (`.git` included) in a new temporary folder, for one run to change.
    func copy() throws -> TemporaryFolder {
        let copy = try TemporaryFolder()
        try FileManager.default.removeItem(atPath: copy.path)
        try FileManager.default.copyItem(atPath: path, toPath: copy.path)
        return copy
    }
}

extension TemporaryFolder {
    /// The bytes of the file `name` inside the folder.
    func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path + "/" + name)))
    }
}
