import SwiftSyntax

/// `group-redundant` (opt-in): a `Group` without modifiers inside a container's content.
///
/// Before Swift 5.9, a view builder took at most ten views, so long stacks
/// and forms wrapped some of their rows in a `Group` — Apple's `Group`
/// documentation still shows it. Swift 5.9's parameter packs lifted the
/// limit. A Group without modifiers collects views "without affecting the
/// layout of those views", so inside a container's content its members stand
/// in the container exactly as they do through the Group; the rule unwraps it.
///
/// Only a container's content closure qualifies (`VStack`, `List`, `Form`,
/// `Section`, `ForEach`, …, also through the branches of `if`, `switch` and
/// `#if` there): elsewhere — a `body`, a `@ViewBuilder` property, a modifier's
/// closure — the Group is what the declaration returns or passes on, and
/// taking it away would turn one view into several.
public struct GroupRedundantRule: ShippedRule {
    public init() {}

    public static let id = "group-redundant"
    public static let isEnabledByDefault = false
    public var triggerWords: [String] { ["Group"] }

    /// The containers whose content closure a Group is unwrapped in.
    static let containers: Set<String> = [
        "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid", "GridRow",
        "List", "Form", "Section", "ScrollView", "ForEach", "Group", "GroupBox",
    ]

    public func findings(in context: RuleContext) -> [Finding] {
        GroupSite.all(in: context).compactMap { finding(for: $0, in: context) }
    }

    /// The finding for one Group, or nil when the Group is not this rule's.
    private func finding(for site: GroupSite, in context: RuleContext) -> Finding? {
        guard site.chain.modifiers.isEmpty else { return nil }
        let builder = site.builder
        guard case .builder = builder.kind, builder.returnStatement == nil,
              let container = builder.container, Self.containers.contains(container) else { return nil }
        let name = site.group.name
        do {
            let edits = try site.unwrapEdits(in: context)
            return context.finding(id, at: name, Self.unwrap.words(["container": container]), safety: .preserving, edits: edits)
        } catch {
            switch error {
            case .noMembers, .notInBuilder, .shadowed: return nil
            case .otherStatements, .layout: return context.finding(id, at: name, Self.obstacles.words(error))
            }
        }
    }

    /// The decisions, in the order `explain` lists them.
    public var reasons: [RuleReason] { [Self.unwrap, Self.obstacles.otherStatements, Self.obstacles.layout] }
}

// MARK: - Documentation

extension GroupRedundantRule {
    public var documentation: RuleDocumentation {
        RuleDocumentation(
            summary: "A Group without modifiers inside a container, kept for the ten-view limit Swift 5.9 lifted.",
            detects: """
                `Group { … }` without any modifier, standing in the content closure of a container \
                (`VStack`, `HStack`, `ZStack`, the lazy stacks and grids, `Grid`, `GridRow`, `List`, `Form`, \
                `Section`, `ScrollView`, `ForEach`, `GroupBox` or another `Group`), directly or in a branch \
                of an `if`, `switch` or `#if` there. Such a Group used to work around the ten-view limit of \
                view builders before Swift 5.9:

                ```swift
                VStack {
                    Group {
                        Text("1")
                        …
                        Text("10")
                    }
                    Text("11")
                }
                ```
                """,
            fix: """
                the Group goes and its members move out one indentation level, into the container:

                ```swift
                VStack {
                    Text("1")
                    …
                    Text("10")
                    Text("11")
                }
                ```

                A Group in a `body`, a `@ViewBuilder` property or function, or a modifier's closure \
                (`overlay`, `toolbar`, …) is left alone: there it is the one view the declaration returns. \
                The output needs Swift 5.9 (Xcode 15) or later when the container then has more than ten views.
                """,
            safety: """
                preserving. A Group without modifiers collects views without affecting their layout, so its \
                members stand in the container as they did through the Group.
                """)
    }
}

// MARK: - Words

extension GroupRedundantRule {
    static let unwrap = RuleReason(
        "unwrap", .rewrite, headline: "remove the Group so its members stand directly in the {container}",
        meaning: "a Group without modifiers in a container's content: its members move into the container",
        whatToDo: "review the diff; the output needs Swift 5.9 when the container then holds more than ten views")
    static let obstacles = GroupObstacleReasons(.skip, headline: "remove the Group by hand")
}
