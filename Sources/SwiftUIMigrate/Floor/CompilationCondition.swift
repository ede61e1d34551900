import SwiftSyntax

/// The platforms a `#if` clause is compiled for, from its condition and those of the clauses
/// before it: `os(…)`, `targetEnvironment(macCatalyst)`, `canImport(AppKit)`/`canImport(UIKit)`,
/// `true`/`false`, with `!`, `&&`, `||` and parentheses. Anything else (`DEBUG`, `swift(>=5.9)`)
/// may be true or false on every platform.
enum CompilationCondition {
    /// Where a condition may be true and where it must be.
    struct Truth {
        var may: Set<Platform>
        var must: Set<Platform>

        static let unknown = Truth(may: all, must: [])
        static let all = Set(Platform.allCases)

        var negated: Truth { Truth(may: Self.all.subtracting(must), must: Self.all.subtracting(may)) }
    }

    /// The platforms `clause` can be compiled for: its condition may hold and no earlier clause's must.
    static func platforms(compiling clause: IfConfigClauseSyntax) -> Set<Platform> {
        var compiled = Truth.all
        guard let clauses = clause.parent?.as(IfConfigClauseListSyntax.self) else { return compiled }
        for earlier in clauses {
            if earlier.id == clause.id { break }
            compiled.subtract(earlier.condition.map(truth(of:))?.must ?? Truth.all)
        }
        if let condition = clause.condition { compiled.formIntersection(truth(of: condition).may) }
        return compiled
    }

    static func truth(of expression: ExprSyntax) -> Truth {
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return truth(of: inner.expression)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return truth(of: prefix.expression).negated
        }
        if let literal = expression.as(BooleanLiteralExprSyntax.self) {
            let value = literal.literal.tokenKind == .keyword(.true) ? Truth.all : []
            return Truth(may: value, must: value)
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self), let name = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text {
            return combine(truth(of: infix.leftOperand), name, truth(of: infix.rightOperand))
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return truth(ofSequence: Array(sequence.elements))
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let function = call.calledExpression.as(DeclReferenceExprSyntax.self),
           call.arguments.count == 1, let argument = call.arguments.first?.expression.trimmedDescription {
            return truth(of: function.baseName.text, argument)
        }
        return .unknown
    }

    /// `a && b || c`: `&&` binds tighter than `||`.
    private static func truth(ofSequence elements: [ExprSyntax]) -> Truth {
        var alternatives: [Truth] = []
        var conjunction: Truth?
        var index = 0
        while index < elements.count {
            let operand = truth(of: elements[index])
            conjunction = conjunction.map { combine($0, "&&", operand) } ?? operand
            let next = index + 1 < elements.count ? elements[index + 1].as(BinaryOperatorExprSyntax.self)?.operator.text : nil
            if next != "&&" {
                alternatives.append(conjunction!)
                conjunction = nil
            }
            if next != "&&" && next != "||" && index + 1 < elements.count { return .unknown }
            index += 2
        }
        return alternatives.dropFirst().reduce(alternatives.first ?? .unknown) { combine($0, "||", $1) }
    }

    private static func combine(_ left: Truth, _ name: String, _ right: Truth) -> Truth {
        switch name {
        case "&&": Truth(may: left.may.intersection(right.may), must: left.must.intersection(right.must))
        case "||": Truth(may: left.may.union(right.may), must: left.must.union(right.must))
        default: .unknown
        }
    }

    /// `os(macOS)`, `targetEnvironment(macCatalyst)`, `canImport(AppKit)`.
    private static func truth(of function: String, _ argument: String) -> Truth {
        switch (function, argument) {
        case ("os", "iOS"): Truth(may: [.iOS, .macCatalyst], must: [.iOS, .macCatalyst])
        case ("os", "macOS"), ("os", "OSX"): Truth(may: [.macOS], must: [.macOS])
        case ("os", "tvOS"): Truth(may: [.tvOS], must: [.tvOS])
        case ("os", "watchOS"): Truth(may: [.watchOS], must: [.watchOS])
        case ("os", "visionOS"), ("os", "xrOS"): Truth(may: [.visionOS], must: [.visionOS])
        case ("os", _): Truth(may: [], must: [])
        case ("targetEnvironment", "macCatalyst"): Truth(may: [.macCatalyst], must: [.macCatalyst])
        case ("canImport", "AppKit"): Truth(may: [.macOS], must: [.macOS])
        case ("canImport", "UIKit"): Truth(may: Truth.all.subtracting([.macOS]), must: [.iOS, .macCatalyst, .tvOS, .visionOS])
        default: .unknown
        }
    }
}
