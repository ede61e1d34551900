/// The words for the obstacles every Group rule (`group-lifecycle`, `group-modifiers`,
/// `group-redundant`) meets when it unwraps a Group (`GroupSite.Obstacle`): worded once here,
/// each rule adding its own headline and manual fix at the end of its file.
extension GroupSite.Obstacle {
    /// Every case, for the catalogs.
    static let all: [GroupSite.Obstacle] = [.noMembers, .otherStatements, .shadowed(""), .notInBuilder, .layout]

    /// What stands in the way, as a finding's reason begins (the rules add the manual fix).
    var fact: String {
        switch self {
        case .noMembers:
            "the Group shows no view"
        case .otherStatements:
            "the Group's content has statements that are not views, so it cannot be unwrapped"
        case .shadowed(let name):
            "a branch of the Group binds `\(name)`, which its modifiers also use, so moving them into the "
                + "branch would change what `\(name)` means"
        case .notInBuilder:
            "the Group does not stand in a view builder, so its members cannot stand on their own"
        case .layout:
            "the Group's braces and members are laid out in a way the tool does not unwrap"
        }
    }

    /// The catalog entry, as a finding of `action` (a skip for the opt-in rules, a report for
    /// `group-lifecycle`) with what a person does.
    func catalogEntry(_ action: FindingAction) -> RuleReason {
        switch self {
        case .noMembers:
            RuleReason("no-members", action, meaning: "the Group shows no view", whatToDo: "remove the Group's modifiers, or move them to a view that appears")
        case .otherStatements:
            RuleReason("other-statements", action, meaning: "the Group's content has statements that are not views (declarations, loops)",
                       whatToDo: "apply the modifiers to each member by hand")
        case .shadowed:
            RuleReason("shadowed-name", action, meaning: "a branch of the Group binds a name its modifiers also use, so moving them into the branch would change what it means",
                       whatToDo: "rename the binding, or move the modifiers by hand")
        case .notInBuilder:
            RuleReason("not-in-builder", action, meaning: "the Group does not stand in a view builder, so its members cannot stand on their own",
                       whatToDo: "mark the enclosing property @ViewBuilder, or apply the modifiers to each member by hand")
        case .layout:
            RuleReason("layout", action, meaning: "the Group's braces and members are laid out in a way the tool does not unwrap",
                       whatToDo: "apply the modifiers to each member by hand")
        }
    }
}
