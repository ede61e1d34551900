import GitStage
import SwiftUIMigrate
public enum CLI { public static func run() -> Int32 { print(Libgit2.version(), RuleRegistry.all.count); return 0 } }
