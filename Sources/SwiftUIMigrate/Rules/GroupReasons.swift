/// The decisions every Group rule (`group-lifecycle`, `group-modifiers`, `group-redundant`) makes
/// where a Group cannot be unwrapped (`GroupSite.Obstacle`), one per obstacle: the facts are worded
/// once here, each rule giving its action, its headline and what its reason says after the fact.
struct GroupObstacleReasons: Sendable {
    let noMembers, otherStatements, shadowedName, notInBuilder, layout: RuleReason

    /// What a rule's reason says after each obstacle's fact, separator included (nothing, by default).
    struct Fixes {
        var noMembers = "", otherStatements = "", shadowedName = "", notInBuilder = "", layout = ""
    }

    /// The manual fix where the Group's content cannot be unwrapped as it stands.
    static let byHand = "apply the modifiers to each member by hand"
    static let markBuilder = "mark the enclosing property @ViewBuilder"

    init(_ action: FindingAction, headline: String, then fixes: Fixes = Fixes()) {
        noMembers = RuleReason(
            "no-members", action, headline: headline, meaning: "the Group shows no view" + fixes.noMembers,
            whatToDo: "remove the Group's modifiers, or move them to a view that appears")
        otherStatements = RuleReason(
            "other-statements", action, headline: headline,
            meaning: "the Group's content has statements that are not views, so it cannot be unwrapped" + fixes.otherStatements,
            whatToDo: Self.byHand)
        shadowedName = RuleReason(
            "shadowed-name", action, headline: headline,
            meaning: "a branch of the Group binds {`name`}, which its modifiers also use, so moving them into the branch would "
                + "change what {`name`} means" + fixes.shadowedName,
            whatToDo: "rename the binding, or move the modifiers by hand")
        notInBuilder = RuleReason(
            "not-in-builder", action, headline: headline,
            meaning: "the Group does not stand in a view builder, so its members cannot stand on their own" + fixes.notInBuilder,
            whatToDo: "\(Self.markBuilder), or \(Self.byHand)")
        layout = RuleReason(
            "layout", action, headline: headline,
            meaning: "the Group's braces and members are laid out in a way the tool does not unwrap" + fixes.layout,
            whatToDo: Self.byHand)
    }

    /// The five, in the order `explain` lists them.
    var all: [RuleReason] { [noMembers, otherStatements, shadowedName, notInBuilder, layout] }

    /// The decision where `obstacle` stands in the way, with its facts.
    func words(_ obstacle: GroupSite.Obstacle) -> FindingWords {
        switch obstacle {
        case .noMembers: noMembers.words()
        case .otherStatements: otherStatements.words()
        case .shadowed(let name): shadowedName.words(["`name`": "`\(name)`"])
        case .notInBuilder: notInBuilder.words()
        case .layout: layout.words()
        }
    }
}
