import CLibgit2
public enum Libgit2 { public static func version() -> String { var a: Int32 = 0, b: Int32 = 0, c: Int32 = 0; git_libgit2_version(&a, &b, &c); return "\(a).\(b).\(c)" } }
