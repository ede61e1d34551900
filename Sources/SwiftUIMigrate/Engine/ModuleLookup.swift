import SwiftSyntax

/// The declarations of the module that holds the file being migrated — its other files included —
/// for the analyses that follow a call or a type out of the file: a view model's method, the
/// class behind a `@StateObject`, an app's own view modifier.
///
/// The engine does no I/O: whoever runs it (the command line, the language server) gives it a
/// lookup that reads the module's files (see `ModuleIndex`). Without one, only the file is seen.
public protocol ModuleLookup: AnyObject, Sendable {
    /// The member blocks of the classes, structs, actors and enums called `type` in the module and
    /// of the extensions of `type` (`extension Feed.Model` extends `Model`), file by file in a fixed order.
    func memberBlocks(ofType type: String) -> [MemberBlockItemListSyntax]

    /// The functions called `name` declared in an extension of `View` in the module (an app's own
    /// modifiers, `.onFirstAppear { }`), and the `body(content:)` of its `ViewModifier` types called `name`.
    func viewModifiers(named name: String) -> [FunctionDeclSyntax]

    /// The files of the module whose text holds every one of `words` (a byte search; only those are
    /// parsed), with their trees, in a fixed order: for a declaration known by what it does, not by
    /// name (an app's own back-port of `.task`).
    func files(containingAll words: [String]) -> [(path: String, tree: SourceFileSyntax)]
}
