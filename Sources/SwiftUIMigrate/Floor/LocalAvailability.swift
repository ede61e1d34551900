import SwiftSyntax

/// The OS versions guaranteed where a node stands by the availability checks around it:
/// `if #available(iOS 17, *) { here }`, `guard #available(iOS 17, *) else { … }; here`, and
/// `@available(iOS 17, *)` (or `@available(iOS, introduced: 17)`) on any enclosing declaration.
///
/// The highest version per platform wins. `#unavailable` and `else` branches raise nothing.
///
/// It also knows the platforms the node is compiled for at all: `#if os(macOS)` (with `!`, `&&`,
/// `||`, `#elseif` and `#else`, `targetEnvironment(macCatalyst)`, `canImport(AppKit)`) and
/// `@available(iOS, unavailable)` on an enclosing declaration leave platforms out.
public struct LocalAvailability {
    /// The raised minimum per platform; a platform not named is not raised.
    public private(set) var minimums: [Platform: PlatformVersion] = [:]
    /// The platforms the node can be compiled for; nil when nothing around it limits them.
    public private(set) var platforms: Set<Platform>?

    public init(enclosing node: some SyntaxProtocol) {
        var child = Syntax(node)
        var current = node.parent
        while let parent = current {
            if let ifExpression = parent.as(IfExprSyntax.self), ifExpression.body.id == child.id {
                raise(with: ifExpression.conditions)
            } else if let items = parent.as(CodeBlockItemListSyntax.self) {
                for item in items {
                    if item.id == child.id { break }
                    if let guardStatement = item.item.as(GuardStmtSyntax.self) { raise(with: guardStatement.conditions) }
                }
            }
            // `@available` stands on declarations; asking only them keeps the runtime's protocol lookup (a scan of
            // every conformance in the binary, once per syntax type) to the few declaration types.
            if parent.is(DeclSyntax.self), let declaration = parent.asProtocol(WithAttributesSyntax.self) {
                raise(with: declaration.attributes)
            }
            if let clause = parent.as(IfConfigClauseSyntax.self) {
                limit(to: CompilationCondition.platforms(compiling: clause))
            }
            child = parent
            current = parent.parent
        }
    }

    private mutating func raise(with conditions: ConditionElementListSyntax) {
        for element in conditions {
            guard let availability = element.condition.as(AvailabilityConditionSyntax.self),
                  availability.availabilityKeyword.tokenKind == .poundAvailable else { continue }
            raise(with: availability.availabilityArguments)
        }
    }

    private mutating func raise(with attributes: AttributeListSyntax) {
        for element in attributes {
            guard let attribute = element.as(AttributeSyntax.self), attribute.attributeName.trimmedDescription == "available",
                  case .availability(let arguments)? = attribute.arguments else { continue }
            raise(with: arguments)
        }
    }

    /// `iOS 17, macOS 14, *` or `iOS, introduced: 17`.
    private mutating func raise(with arguments: AvailabilityArgumentListSyntax) {
        var namedPlatform: Platform?
        for argument in arguments {
            if case .token(let token) = argument.argument, token.text == "unavailable" {
                // `iOSApplicationExtension, unavailable` leaves the app itself on iOS.
                if let platform = namedPlatform, case .token(let name)? = arguments.first?.argument,
                   !name.text.hasSuffix("ApplicationExtension") {
                    limit(to: Set(Platform.allCases).subtracting([platform]))
                }
                continue
            }
            switch argument.argument {
            case .availabilityVersionRestriction(let restriction):
                guard let platform = Platform(availabilityName: restriction.platform.text),
                      let text = restriction.version?.trimmedDescription, let version = PlatformVersion(text) else { continue }
                raise(platform, to: version)
            case .token(let token):
                namedPlatform = Platform(availabilityName: token.text)
            case .availabilityLabeledArgument(let labeled):
                guard labeled.label.text == "introduced", let platform = namedPlatform,
                      case .version(let tuple) = labeled.value, let version = PlatformVersion(tuple.trimmedDescription) else { continue }
                raise(platform, to: version)
            @unknown default:
                continue
            }
        }
    }

    private mutating func limit(to compiled: Set<Platform>) {
        platforms = (platforms ?? compiled).intersection(compiled)
    }

    private mutating func raise(_ platform: Platform, to version: PlatformVersion) {
        minimums[platform] = max(minimums[platform] ?? version, version)
    }
}
