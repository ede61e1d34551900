import SwiftSyntax

/// A lifecycle action on a Group that changes which of the Group's members shows.
///
/// ```swift
/// Group {
///     switch phase {                            // chooses the member
///     case .loading: ProgressView()
///     case .loaded(let items): ItemList(items)
///     }
/// }
/// .id(listID)
/// .task(id: listID) { phase = .loading; … }     // writes phase
/// ```
/// Through the Group (on iOS 15+ SDK builds) the action runs once. Copied onto each member, it
/// runs again on every member a switch brings in: the action that switches the members starts
/// itself over on the new one, and a `.task` copy is cancelled on the member that went away — a
/// loop, or work that never finishes. So `group-lifecycle` does not distribute such a chain.
struct MemberChoiceWrite {
    /// The lifecycle modifier whose action changes the choice: `task`, `onAppear`, `onDisappear`.
    var modifier: String
    /// The property a branch condition reads, as written there: `phase`, `model.isLoading`.
    var property: String
    /// The method the action calls on it, when it does not assign it directly (`model.load`).
    var method: String?

    /// The first lifecycle action of `site`'s chain that assigns a property its branch
    /// conditions read, or calls a method on one (which may change it where the tool cannot
    /// see); nil when none does. `view` is the view struct around the Group, whose functions
    /// the actions call are followed.
    static func first(in site: GroupSite, view: ViewDeclaration?) -> MemberChoiceWrite? {
        let read = GroupMembers.choosingConditions(of: site.group.content.statements).flatMap(CancellationHazard.readPaths)
        guard !read.isEmpty else { return nil }
        for modifier in site.chain.modifiers where GroupModifierKind.isLifecycle(modifier.name) {
            let trace = WorkTrace(of: actionBodies(of: modifier, view: view), in: view)
            for event in trace.events {
                // What the event changes: the path it assigns, or the receiver it calls `method` on.
                let (changed, method): ([String], String?)
                switch event {
                case .assignment(let written): (changed, method) = (written, nil)
                case .call(let receiver, let called): (changed, method) = (receiver, called)
                case .suspension, .paths: continue
                }
                if let path = read.first(where: { WorkTrace.overlaps(changed, $0) }) {
                    return MemberChoiceWrite(
                        modifier: modifier.name, property: path.joined(separator: "."),
                        method: method.map { (changed + [$0]).joined(separator: ".") })
                }
            }
        }
        return nil
    }

    /// What the modifier runs: its closures, or the body of the view's function it names
    /// (`perform: reload`).
    static func actionBodies(of modifier: Modifier, view: ViewDeclaration?) -> [Syntax] {
        guard let call = modifier.call else { return [] }
        var bodies: [Syntax] = call.trailingClosure.map { [Syntax($0.statements)] } ?? []
        for argument in call.arguments {
            if let closure = argument.expression.as(ClosureExprSyntax.self) {
                bodies.append(Syntax(closure.statements))
            } else if argument.label?.text == "perform", let reference = argument.expression.as(DeclReferenceExprSyntax.self),
                      let body = view?.function(named: reference.baseName.text)?.body {
                bodies.append(Syntax(body))
            }
        }
        return bodies
    }
}
